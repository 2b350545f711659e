package dev.pbs.cassandra.faults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.pbs.model.faults.Faults;
import dev.pbs.model.profile.BuiltInProfiles;
import dev.pbs.model.profile.LatencyProfile;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Observed pauses placed on the measured profile's replicas. */
class PausedProfileTest {

    private static final long MILLISECOND = 1_000_000;
    private static final LatencyProfile MEASURED =
            BuiltInProfiles.named("lnkd-ssd").orElseThrow();
    private static final List<String> NODES = List.of("127.0.0.1", "127.0.0.2", "127.0.0.3");

    /** Pauses of 200 ms starting every 2 s from 1 s, {@code count} of them. */
    private static ObservedPauses regular(int count) {
        List<ObservedPause> pauses = new ArrayList<>();
        for (int k = 0; k < count; k++) {
            long start = (1000 + 2000L * k) * MILLISECOND;
            pauses.add(new ObservedPause(start, start + 200 * MILLISECOND, 9));
        }
        return new ObservedPauses(pauses, (2000L * count + 1000) * MILLISECOND);
    }

    @Test
    void aNodeThatPaused_isTheFaultyReplica() {
        LatencyProfile profile = PausedProfile.of(
                MEASURED, NODES, 3, Map.of("127.0.0.1", regular(1), "127.0.0.3", regular(10), "127.0.0.2", regular(0)));

        Faults faults = profile.faults();
        assertThat(faults.replicas()).containsExactly(2);
        assertThat(faults.pauses().duration().meanMillis()).isCloseTo(200, within(1.0));
        assertThat(faults.pauses().interval().meanMillis()).isCloseTo(1800, within(2.0));
        assertThat(profile.provenance())
                .endsWith("on 127.0.0.3: 10 pauses, mean 200.0 ms, running 1800 ms between " + "them on average.");
    }

    @Test
    void moreNodesThanReplicas_strikeReplicaOne_andSaySo() {
        LatencyProfile profile = PausedProfile.of(
                MEASURED,
                List.of("127.0.0.1", "127.0.0.2", "127.0.0.3", "127.0.0.4"),
                3,
                Map.of("127.0.0.4", regular(5)));

        assertThat(profile.faults().replicas()).containsExactly(0);
        assertThat(profile.provenance()).contains("which overstates them");
    }

    @Test
    void noNodePausedOftenEnough_leavesTheProfileAsItWas() {
        assertThat(PausedProfile.of(MEASURED, NODES, 3, Map.of("127.0.0.1", regular(2))))
                .isSameAs(MEASURED);
    }
}
