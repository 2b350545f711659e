package dev.pbs.formats.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pbs.model.distribution.Constant;
import dev.pbs.model.distribution.Empirical;
import dev.pbs.model.distribution.Exponential;
import dev.pbs.model.distribution.LatencyDistribution;
import dev.pbs.model.distribution.LogNormal;
import dev.pbs.model.distribution.Mixture;
import dev.pbs.model.distribution.Pareto;
import dev.pbs.model.distribution.Shifted;
import dev.pbs.model.profile.BuiltInProfiles;
import dev.pbs.model.profile.CoordinatorPlacement;
import dev.pbs.model.profile.DatacenterTopology;
import dev.pbs.model.profile.DelayOverrides;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.profile.MessageDelays;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class ProfileJsonTest {

    static Stream<LatencyProfile> builtInProfiles() {
        return BuiltInProfiles.all().stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("builtInProfiles")
    void readWrite_builtInProfile_roundTripsToAnEqualProfile(LatencyProfile profile) {
        assertThat(ProfileJson.read(ProfileJson.writeString(profile))).isEqualTo(profile);
        assertThat(ProfileJson.read(ProfileJson.write(profile))).isEqualTo(profile);
    }

    @Test
    void readWrite_profileWithEveryDistributionType_roundTripsToAnEqualProfile() {
        LatencyProfile profile = everyDistributionProfile();

        String json = ProfileJson.writeString(profile);

        assertThat(ProfileJson.read(json)).isEqualTo(profile);
        assertThat(json)
                .contains(
                        "\"constant\"",
                        "\"exponential\"",
                        "\"pareto\"",
                        "\"lognormal\"",
                        "\"mixture\"",
                        "\"shifted\"",
                        "\"empirical\"");
    }

    @Test
    void readWrite_empiricalInEveryUnit_roundTrips() {
        for (TimeUnit unit : List.of(TimeUnit.NANOSECONDS, TimeUnit.MICROSECONDS, TimeUnit.MILLISECONDS)) {
            LatencyDistribution empirical = Empirical.of(histogram(), unit);

            JsonNode written = DistributionJson.write(empirical);

            assertThat(DistributionJson.read(written, "d")).isEqualTo(empirical);
        }
    }

    @Test
    void write_wanProfile_writesPerReplicaPlacement() {
        JsonNode written = ProfileJson.write(BuiltInProfiles.named("wan").orElseThrow());

        assertThat(written.get("datacenters").get("replica_dc").asText()).isEqualTo("per_replica");
        assertThat(written.get("datacenters")
                        .get("inter_dc_delay")
                        .get("value_ms")
                        .asDouble())
                .isEqualTo(75.0);
        assertThat(written.get("datacenters").get("coordinator").asText()).isEqualTo("random");
    }

    @Test
    void write_builtInMixture_writesFullPrecisionMean() {
        JsonNode written = ProfileJson.write(BuiltInProfiles.named("lnkd-ssd").orElseThrow());

        JsonNode exponential =
                written.get("default").get("w").get("components").get(1).get("distribution");
        assertThat(exponential.get("mean_ms").doubleValue()).isEqualTo(1.0 / 1.66);
    }

    @Test
    void readWrite_coordinatorReplicaPath_roundTripsWithAndWithoutPreference() {
        for (java.util.OptionalDouble preference :
                List.of(java.util.OptionalDouble.of(0.875), java.util.OptionalDouble.empty())) {
            LatencyProfile profile = LatencyProfile.builder("local")
                    .defaults(MessageDelays.all(Constant.of(1)))
                    .coordinatorReplica(new dev.pbs.model.profile.CoordinatorReplicaPath(
                            new MessageDelays(
                                    Constant.of(0.5), Constant.of(0), Exponential.ofMean(0.25), Constant.of(0.1)),
                            preference))
                    .build();

            String json = ProfileJson.writeString(profile);

            assertThat(ProfileJson.read(json)).isEqualTo(profile);
            assertThat(json).contains("\"coordinator_replica\"");
            assertThat(json.contains("\"local_read_preference\" : 0.875")).isEqualTo(preference.isPresent());
        }
    }

    @Test
    void readWrite_coordinatorReplicaShare_roundTripsAndIsAbsentWhenEmpty() {
        for (dev.pbs.model.profile.CoordinatorReplicaShare share : List.of(
                dev.pbs.model.profile.CoordinatorReplicaShare.uniform(2.0 / 3),
                dev.pbs.model.profile.CoordinatorReplicaShare.of(0.67, 0.5),
                dev.pbs.model.profile.CoordinatorReplicaShare.NEVER,
                dev.pbs.model.profile.CoordinatorReplicaShare.ALWAYS)) {
            LatencyProfile profile = LatencyProfile.builder("measured")
                    .defaults(MessageDelays.all(Constant.of(1)))
                    .coordinatorReplicaShare(share)
                    .build();

            String json = ProfileJson.writeString(profile);

            assertThat(ProfileJson.read(json)).isEqualTo(profile);
            assertThat(ProfileJson.read(ProfileJson.write(profile))).isEqualTo(profile);
            assertThat(ProfileJson.read(json).coordinatorReplicaShare()).contains(share);
        }
        LatencyProfile written = ProfileJson.read("{\"name\": \"p\", \"default\": " + ALL_CONSTANT
                + ", \"coordinator_replica_share\": {\"writes\": 0.67, \"reads\": 0.5}}");
        assertThat(written.coordinatorReplicaShare())
                .contains(dev.pbs.model.profile.CoordinatorReplicaShare.of(0.67, 0.5));
        assertThat(ProfileJson.writeString(written))
                .contains("\"coordinator_replica_share\" : {\n    \"writes\" : 0.67,\n    \"reads\" : 0.5\n  }");
        assertThat(ProfileJson.read(minimal("")).coordinatorReplicaShare()).isEmpty();
        assertThat(ProfileJson.writeString(ProfileJson.read(minimal("")))).doesNotContain("coordinator_replica_share");
    }

    @Test
    void readWrite_readPath_roundTripsAndItsFieldsDefault() {
        LatencyProfile profile = LatencyProfile.builder("cassandra")
                .defaults(MessageDelays.all(Constant.of(1)))
                .readPath(new dev.pbs.model.readpath.ReadPath(
                        dev.pbs.model.readpath.SpeculativeRetry.parse("MIN(99p,20ms)"),
                        dev.pbs.model.readpath.ReadRepair.BLOCKING,
                        dev.pbs.model.readpath.ReplicaChoice.snitch(0.25)))
                .build();
        String json = ProfileJson.writeString(profile);
        assertThat(ProfileJson.read(json)).isEqualTo(profile);
        assertThat(json).contains("\"speculative_retry\" : \"MIN(99p,20ms)\"");

        LatencyProfile partial = ProfileJson.read("{\"name\": \"p\", \"default\": " + ALL_CONSTANT
                + ", \"read_path\": {\"speculative_retry\": \"99p\"}}");
        dev.pbs.model.readpath.ReadPath path = partial.readPath().orElseThrow();
        assertThat(path.readRepair()).isEqualTo(dev.pbs.model.readpath.ReadRepair.OFF);
        assertThat(path.replicaChoice()).isEqualTo(dev.pbs.model.readpath.ReplicaChoice.random());
        assertThat(ProfileJson.read(minimal("")).readPath()).isEmpty();
    }

    @Test
    void read_badReadPath_namesThePath() {
        String retry = "{\"name\": \"p\", \"default\": " + ALL_CONSTANT
                + ", \"read_path\": {\"speculative_retry\": \"often\"}}";
        assertThatThrownBy(() -> ProfileJson.read(retry))
                .isInstanceOf(ProfileFormatException.class)
                .hasMessageStartingWith("read_path.speculative_retry: speculative retry 'often'");
        String badness = "{\"name\": \"p\", \"default\": " + ALL_CONSTANT
                + ", \"read_path\": {\"replica_choice\": \"snitch\", \"snitch_badness_threshold\": -1}}";
        assertThatThrownBy(() -> ProfileJson.read(badness))
                .isInstanceOf(ProfileFormatException.class)
                .hasMessage("read_path.snitch_badness_threshold: must be a finite number >= 0, was -1");
        String unknown = "{\"name\": \"p\", \"default\": " + ALL_CONSTANT + ", \"read_path\": {\"hedging\": true}}";
        assertThatThrownBy(() -> ProfileJson.read(unknown)).isInstanceOf(ProfileFormatException.class);
    }

    @Test
    void readWrite_messageCorrelation_roundTripsAndItsFieldsDefault() {
        LatencyProfile profile = LatencyProfile.builder("correlated")
                .defaults(MessageDelays.all(Constant.of(1)))
                .messageCorrelation(new dev.pbs.model.profile.MessageCorrelation(0.72, 0.5, 0.64, 0.3))
                .build();
        String json = ProfileJson.writeString(profile);
        assertThat(ProfileJson.read(json)).isEqualTo(profile);
        assertThat(json).contains("\"writes_between_replicas\" : 0.72");
        assertThat(ProfileJson.writeString(ProfileJson.read(minimal("")))).doesNotContain("message_correlation");

        LatencyProfile partial = ProfileJson.read("{\"name\": \"p\", \"default\": " + ALL_CONSTANT
                + ", \"message_correlation\": {\"reads_between_replicas\": 0.5}}");
        assertThat(partial.messageCorrelation()).isEqualTo(new dev.pbs.model.profile.MessageCorrelation(0, 0, 0.5, 0));
    }

    @Test
    void read_badMessageCorrelation_namesThePath() {
        String outside = "{\"name\": \"p\", \"default\": " + ALL_CONSTANT
                + ", \"message_correlation\": {\"writes_between_replicas\": 1.2}}";
        assertThatThrownBy(() -> ProfileJson.read(outside))
                .isInstanceOf(ProfileFormatException.class)
                .hasMessage("message_correlation.writes_between_replicas: must be a correlation between 0 and 0.99, "
                        + "was 1.2");
        String ownTooHigh = "{\"name\": \"p\", \"default\": " + ALL_CONSTANT
                + ", \"message_correlation\": {\"reads_between_replicas\": 0.25, \"reads_with_own_replica\": 0.6}}";
        assertThatThrownBy(() -> ProfileJson.read(ownTooHigh))
                .isInstanceOf(ProfileFormatException.class)
                .hasMessageStartingWith(
                        "message_correlation: the reads' correlation with the own replica (0.6) cannot " + "exceed");
    }

    @Test
    void read_preferenceOutsideZeroToOne_namesThePath() {
        String json = "{\"name\": \"p\", \"default\": " + ALL_CONSTANT + ", \"coordinator_replica\": {\"local\": "
                + ALL_CONSTANT + ", \"local_read_preference\": 1.5}}";
        assertThatThrownBy(() -> ProfileJson.read(json))
                .isInstanceOf(ProfileFormatException.class)
                .hasMessage(
                        "coordinator_replica.local_read_preference: must be a probability between 0 and 1, was 1.5");
        String missing = "{\"name\": \"p\", \"default\": " + ALL_CONSTANT + ", \"coordinator_replica\": {}}";
        assertThatThrownBy(() -> ProfileJson.read(missing))
                .isInstanceOf(ProfileFormatException.class)
                .hasMessageStartingWith("coordinator_replica.local: required field is missing");
    }

    private static final String ALL_CONSTANT = "{\"w\": {\"type\": \"constant\", \"value_ms\": 1}, \"a\": "
            + "{\"type\": \"constant\", \"value_ms\": 1}, \"r\": {\"type\": \"constant\", \"value_ms\": 1}, "
            + "\"s\": {\"type\": \"constant\", \"value_ms\": 1}}";

    @Test
    void read_minimalProfile_defaultsDescriptionAndProvenanceToEmpty() {
        LatencyProfile profile = ProfileJson.read(minimal(""));

        assertThat(profile.name()).isEqualTo("minimal");
        assertThat(profile.description()).isEmpty();
        assertThat(profile.provenance()).isEmpty();
        assertThat(profile.fixedReplicaCount()).isEmpty();
    }

    @Test
    void read_datacentersWithoutCoordinator_placesCoordinatorAtRandom() {
        LatencyProfile profile = ProfileJson.read(minimal(", \"datacenters\": {\"replica_dc\": [0, 1.0], "
                + "\"inter_dc_delay\": {\"type\": \"constant\", \"value_ms\": 30}}"));

        DatacenterTopology topology = profile.topology().orElseThrow();
        assertThat(topology.coordinatorPlacement()).isEqualTo(CoordinatorPlacement.RANDOM);
        assertThat(topology.explicitReplicaDatacenters()).containsExactly(0, 1);
        assertThat(profile.fixedReplicaCount()).contains(2);
    }

    @Test
    void read_emptyReplicaOverride_keepsDefaults() {
        LatencyProfile profile = ProfileJson.read(
                minimal(", \"replicas\": [{}, {\"s\": {\"type\": \"constant\", " + "\"value_ms\": 9}}]"));

        assertThat(profile.delaysOf(0)).isEqualTo(profile.defaults());
        assertThat(profile.delaysOf(1).response()).isEqualTo(Constant.of(9));
        assertThat(profile.delaysOf(1).write()).isEqualTo(profile.defaults().write());
    }

    @Test
    void readFile_missingFile_namesTheFile() {
        assertThatThrownBy(() -> ProfileJson.readFile(Path.of("x.json")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("profile file x.json: no such file");
    }

    @Test
    void readFile_badAlpha_namesFileJsonPathAndRule() throws Exception {
        Path file = Path.of(
                getClass().getResource("/profiles/bad-pareto-alpha.json").toURI());

        assertThatThrownBy(() -> ProfileJson.readFile(file))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(
                        "profile file " + file + ": default.w.alpha: pareto alpha must be finite and > 0, was -1.0");
    }

    @Test
    void readFile_testResources_readAndRoundTrip() throws Exception {
        for (String name : List.of("slow-replica.json", "two-datacenters.json")) {
            LatencyProfile profile = ProfileJson.readFile(
                    Path.of(getClass().getResource("/profiles/" + name).toURI()));

            assertThat(ProfileJson.read(ProfileJson.writeString(profile))).isEqualTo(profile);
        }
    }

    /** A valid profile with constant delays, plus {@code extra} (starting with a comma) at the top level. */
    static String minimal(String extra) {
        return "{\"name\": \"minimal\", \"default\": {\"w\": {\"type\": \"constant\", \"value_ms\": 1}, "
                + "\"a\": {\"type\": \"constant\", \"value_ms\": 1}, \"r\": {\"type\": \"constant\", \"value_ms\": 1}, "
                + "\"s\": {\"type\": \"constant\", \"value_ms\": 1}}" + extra + "}";
    }

    static LatencyProfile everyDistributionProfile() {
        LatencyDistribution mixture = Mixture.of(List.of(
                new Mixture.Component(0.25, Exponential.ofMean(0.7)),
                new Mixture.Component(0.75, Pareto.of(0.3, 2.5))));
        MessageDelays defaults = new MessageDelays(
                mixture, LogNormal.of(-0.5, 0.4), Constant.of(0.25), Shifted.of(0.1, Exponential.ofRate(3)));
        List<DelayOverrides> replicas = List.of(
                DelayOverrides.NONE,
                new DelayOverrides(Empirical.of(histogram(), TimeUnit.MICROSECONDS), null, null, null),
                new DelayOverrides(null, Shifted.of(2, mixture), Pareto.of(1.05, 1.51), LogNormal.of(0, 1)));
        return LatencyProfile.builder("every-type")
                .description("one of each distribution type")
                .provenance("built by ProfileJsonTest")
                .defaults(defaults)
                .replicaOverrides(replicas)
                .topology(DatacenterTopology.explicit(
                        new int[] {0, 1, 1}, LogNormal.of(2, 0.3), CoordinatorPlacement.fixed(1)))
                .build();
    }

    static Histogram histogram() {
        Histogram histogram = new Histogram(3);
        for (int i = 1; i <= 2000; i++) {
            histogram.recordValue(100 + (long) i * i / 10);
        }
        return histogram;
    }
}
