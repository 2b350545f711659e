package dev.pbs.cassandra.recovery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.pbs.model.distribution.Constant;
import dev.pbs.model.faults.Faults;
import dev.pbs.model.faults.OutageProcess;
import dev.pbs.model.faults.PauseProcess;
import dev.pbs.model.profile.BuiltInProfiles;
import dev.pbs.model.profile.LatencyProfile;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class OutageProfileTest {

    private static final List<String> NODES = List.of("127.0.0.1", "127.0.0.2", "127.0.0.3");

    private static final LatencyProfile MEASURED =
            BuiltInProfiles.named("lnkd-ssd").orElseThrow();

    /** Four writes of node 1 there at the first read, two of node 2 appearing between 5.8 and 6.2 s. */
    private static ReplayDelays delays() {
        return new ReplayDelays(
                List.of(
                        ReplayDelays.Appearance.atFirstRead("127.0.0.1", 700),
                        ReplayDelays.Appearance.atFirstRead("127.0.0.1", 800),
                        new ReplayDelays.Appearance("127.0.0.2", 5_800, 6_200),
                        new ReplayDelays.Appearance("127.0.0.2", 5_800, 6_200)),
                0,
                60_000);
    }

    private static WatchedOutage servedByTheNode(String address, double downMillis) {
        return new WatchedOutage(address, downMillis, 4, Optional.of(delays()), new ReadServers(9, 1, 2));
    }

    @Test
    void oneOutageOfNodeThree_strikesReplicaThreeWithWhatWasSeen() {
        OutageProfile.Result result =
                OutageProfile.of(MEASURED, NODES, 3, List.of(servedByTheNode("127.0.0.3", 20_000)), 620_000);

        assertThat(result.leftOut()).isEmpty();
        Faults faults = result.profile().faults();
        assertThat(faults.replicas()).containsExactly(2);
        OutageProcess outages = faults.outages();
        assertThat(outages.duration()).isEqualTo(Constant.of(20_000));
        // 620 s watched, 20 s of it down: one failure per 600 s of up time.
        assertThat(outages.timeBetweenFailures().meanMillis()).isCloseTo(600_000, within(1e-6));
        assertThat(outages.hintWindowMillis()).isEqualTo(OutageProcess.DEFAULT_HINT_WINDOW_MILLIS);
        // Delays 0, 0, 6000, 6000 ms: mean 3000 (to the histogram's precision).
        assertThat(outages.hintReplayDelay().meanMillis()).isCloseTo(3_000, within(5.0));
        assertThat(result.profile().provenance())
                .startsWith(MEASURED.provenance())
                .contains("Outages seen by the driver on 127.0.0.3: 1, 20.0 s long on average")
                .contains("4 writes, median 0 ms, p90 6000 ms, 0 not there by 60 s")
                .doesNotContain("overstates");
        assertThat(result.profile().defaults()).isEqualTo(MEASURED.defaults());
    }

    @Test
    void outagesOfTwoNodes_pooled_andThePausesKept() {
        PauseProcess pauses = new PauseProcess(Constant.of(1_800), Constant.of(200));
        LatencyProfile paused = MEASURED.toBuilder()
                .faults(new Faults(pauses, null, List.of(0)))
                .build();

        OutageProfile.Result result = OutageProfile.of(
                paused,
                NODES,
                3,
                List.of(servedByTheNode("127.0.0.1", 10_000), servedByTheNode("127.0.0.3", 30_000)),
                100_000);

        Faults faults = result.profile().faults();
        assertThat(faults.pauses()).isEqualTo(pauses);
        assertThat(faults.replicas()).containsExactly(0, 2);
        assertThat(faults.outages().duration().meanMillis()).isCloseTo(20_000, within(20.0));
        // Two nodes watched 100 s, 40 s down in all: 160 s of up time over two outages.
        assertThat(faults.outages().timeBetweenFailures().meanMillis()).isCloseTo(80_000, within(1e-6));
    }

    @Test
    void moreNodesThanReplicas_strikeReplicaOne_andSaySo() {
        OutageProfile.Result result = OutageProfile.of(
                MEASURED,
                List.of("127.0.0.1", "127.0.0.2", "127.0.0.3", "127.0.0.4"),
                3,
                List.of(servedByTheNode("127.0.0.4", 20_000)),
                620_000);

        assertThat(result.profile().faults().replicas()).containsExactly(0);
        assertThat(result.profile().provenance()).contains("overstates them");
    }

    @Test
    void readsServedByOtherReplicas_leaveTheProfileAsItWas_withTheReason() {
        WatchedOutage elsewhere =
                new WatchedOutage("127.0.0.3", 20_000, 4, Optional.of(delays()), new ReadServers(1, 9, 0));

        OutageProfile.Result result = OutageProfile.of(MEASURED, NODES, 3, List.of(elsewhere), 620_000);

        assertThat(result.profile()).isSameAs(MEASURED);
        assertThat(result.leftOut())
                .hasValueSatisfying(reason -> assertThat(reason)
                        .contains("no hint replay delay was measured")
                        .contains("other replicas served the reads"));
    }

    @Test
    void noOutageOfTheProfilesNodes_leavesItAsItWas() {
        OutageProfile.Result result =
                OutageProfile.of(MEASURED, NODES, 3, List.of(servedByTheNode("10.0.0.9", 20_000)), 620_000);

        assertThat(result.profile()).isSameAs(MEASURED);
        assertThat(result.leftOut()).contains("no node of the profile was seen down");
    }

    @Test
    void watchedOutage_delaysAreTheNodes_onlyWhenTheNodeServedMostTracedReads() {
        assertThat(servedByTheNode("127.0.0.3", 1).delaysAreTheNodes()).isTrue();
        assertThat(new WatchedOutage("a", 1, 4, Optional.of(delays()), new ReadServers(7, 3, 0)).delaysAreTheNodes())
                .as("70% served by the node")
                .isFalse();
        assertThat(new WatchedOutage("a", 1, 4, Optional.of(delays()), new ReadServers(0, 0, 5)).delaysAreTheNodes())
                .as("no trace showed who served")
                .isTrue();
        assertThat(new WatchedOutage("a", 1, 0, Optional.empty(), new ReadServers(0, 0, 0)).delaysAreTheNodes())
                .isFalse();
        assertThatThrownBy(() -> new WatchedOutage("a", -1, 0, Optional.empty(), new ReadServers(0, 0, 0)))
                .hasMessageContaining("finite time >= 0 ms");
    }
}
