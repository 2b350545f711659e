package dev.pbs.formats.profile;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pbs.model.distribution.Constant;
import dev.pbs.model.distribution.Exponential;
import dev.pbs.model.distribution.LogNormal;
import dev.pbs.model.distribution.Pareto;
import dev.pbs.model.distribution.Shifted;
import dev.pbs.model.faults.Faults;
import dev.pbs.model.faults.OutageProcess;
import dev.pbs.model.faults.PauseProcess;
import dev.pbs.model.profile.BuiltInProfiles;
import dev.pbs.model.profile.DelayOverrides;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.profile.MessageDelays;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The profile's {@code faults}: written so that reading gives the same profile, and read as written by hand. */
class FaultsJsonTest {

    private static final PauseProcess PAUSES = new PauseProcess(Exponential.ofMean(10_000), Constant.of(200));
    private static final OutageProcess OUTAGES = new OutageProcess(
            Exponential.ofMean(3_600_000), LogNormal.of(11, 0.5), 600_000.5, Shifted.of(500, Pareto.of(100, 2.5)));

    static Stream<Faults> faults() {
        return Stream.of(
                new Faults(PAUSES, null, List.of()),
                new Faults(null, OUTAGES, List.of()),
                new Faults(PAUSES, OUTAGES, List.of()),
                new Faults(PAUSES, null, List.of(2)),
                new Faults(null, OUTAGES, List.of(0, 2)),
                new Faults(
                        PAUSES,
                        new OutageProcess(
                                Constant.of(60_000),
                                Constant.of(1_000),
                                OutageProcess.DEFAULT_HINT_WINDOW_MILLIS,
                                Constant.of(0)),
                        List.of(1)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("faults")
    void readWrite_faults_roundTripsToAnEqualProfile(Faults faults) {
        LatencyProfile profile = BuiltInProfiles.named("lnkd-ssd").orElseThrow().toBuilder()
                .faults(faults)
                .build();

        String json = ProfileJson.writeString(profile);

        assertThat(ProfileJson.read(json)).isEqualTo(profile);
        assertThat(ProfileJson.read(ProfileJson.write(profile))).isEqualTo(profile);
        assertThat(ProfileJson.read(json).faults()).isEqualTo(faults);
    }

    @Test
    void readWrite_faultsOnReplicasOfAProfileThatFixesN_roundTrips() {
        LatencyProfile profile = LatencyProfile.builder("three")
                .defaults(MessageDelays.all(Constant.of(1)))
                .replicaOverrides(List.of(DelayOverrides.NONE, DelayOverrides.NONE, DelayOverrides.NONE))
                .faults(new Faults(PAUSES, OUTAGES, List.of(0, 2)))
                .build();

        assertThat(ProfileJson.read(ProfileJson.writeString(profile))).isEqualTo(profile);
    }

    @Test
    void write_healthyProfile_leavesFaultsOut() {
        for (LatencyProfile profile : BuiltInProfiles.all()) {
            assertThat(ProfileJson.write(profile).has("faults"))
                    .as(profile.name())
                    .isFalse();
        }
    }

    @Test
    void write_faults_writesReplicasFromOneAndTheHintWindowAsAWholeNumber() {
        LatencyProfile profile = LatencyProfile.builder("p")
                .defaults(MessageDelays.all(Constant.of(1)))
                .faults(new Faults(
                        null,
                        new OutageProcess(
                                Constant.of(60_000),
                                Constant.of(1_000),
                                OutageProcess.DEFAULT_HINT_WINDOW_MILLIS,
                                Constant.of(0)),
                        List.of(0, 2)))
                .build();

        JsonNode faults = ProfileJson.write(profile).get("faults");

        assertThat(faults.has("pauses")).isFalse();
        assertThat(faults.get("replicas").toString()).isEqualTo("[1,3]");
        assertThat(faults.get("outages").get("hint_window_ms").toString()).isEqualTo("10800000");
        assertThat(faults.get("outages").get("duration").get("value_ms").doubleValue())
                .isEqualTo(1_000.0);
    }

    @Test
    void read_withoutFaults_isHealthy() {
        assertThat(ProfileJson.read(ProfileJsonTest.minimal("")).faults()).isEqualTo(Faults.NONE);
    }

    @Test
    void read_outagesWithoutHintWindow_keepHintsForThreeHours() {
        LatencyProfile profile = ProfileJson.read(ProfileJsonTest.minimal(", \"faults\": {\"outages\": {"
                + "\"time_between_failures\": {\"type\": \"constant\", \"value_ms\": 60000}, "
                + "\"duration\": {\"type\": \"constant\", \"value_ms\": 1000}, "
                + "\"hint_replay_delay\": {\"type\": \"constant\", \"value_ms\": 0}}}"));

        OutageProcess outages = profile.faults().outageProcess().orElseThrow();
        assertThat(outages.hintWindowMillis()).isEqualTo(3 * 3600_000.0);
        assertThat(profile.faults().pauseProcess()).isEmpty();
        assertThat(profile.faults().replicas()).isEmpty();
    }

    @Test
    void read_replicasInAnyOrder_sortsThemAndNumbersThemFromZero() {
        LatencyProfile profile = ProfileJson.read(ProfileJsonTest.minimal(", \"faults\": {\"pauses\": {"
                + "\"interval\": {\"type\": \"constant\", \"value_ms\": 1800}, "
                + "\"duration\": {\"type\": \"constant\", \"value_ms\": 200}}, \"replicas\": [5, 2.0, 4]}"));

        assertThat(profile.faults().replicas()).containsExactly(1, 3, 4);
        assertThat(ProfileJson.write(profile).get("faults").get("replicas").toString())
                .isEqualTo("[2,4,5]");
    }

    @Test
    void read_negativeZeroHintWindow_readsAsZeroSoItRoundTrips() {
        LatencyProfile profile = ProfileJson.read(ProfileJsonTest.minimal(", \"faults\": {\"outages\": {"
                + "\"time_between_failures\": {\"type\": \"constant\", \"value_ms\": 60000}, "
                + "\"duration\": {\"type\": \"constant\", \"value_ms\": 1000}, \"hint_window_ms\": -0.0, "
                + "\"hint_replay_delay\": {\"type\": \"constant\", \"value_ms\": 0}}}"));

        // Double.compare tells -0.0 from 0.0, as the record's equals does.
        assertThat(Double.compare(profile.faults().outageProcess().orElseThrow().hintWindowMillis(), 0.0))
                .isZero();
        assertThat(ProfileJson.read(ProfileJson.writeString(profile))).isEqualTo(profile);
    }

    @Test
    void readFile_handWrittenFaultyReplica_readsEveryFieldAndRoundTrips() throws Exception {
        LatencyProfile profile = ProfileJson.readFile(
                Path.of(getClass().getResource("/profiles/faulty-replica.json").toURI()));

        Faults faults = profile.faults();
        assertThat(faults.pauseProcess().orElseThrow())
                .isEqualTo(new PauseProcess(Exponential.ofMean(10_000), Constant.of(200)));
        assertThat(faults.outageProcess().orElseThrow())
                .isEqualTo(new OutageProcess(
                        Exponential.ofMean(3_600_000),
                        Exponential.ofMean(300_000),
                        600_000,
                        Shifted.of(500, Exponential.ofMean(2_000))));
        assertThat(faults.replicas()).containsExactly(2);
        assertThat(faults.struck(3)).containsExactly(false, false, true);
        assertThat(ProfileJson.read(ProfileJson.writeString(profile))).isEqualTo(profile);
    }
}
