package dev.pbs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pbs.formats.json.JsonMapping;
import dev.pbs.model.profile.BuiltInProfiles;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * {@code ./pbs predict --profile ec2-three-regions}: the built-in three-region EC2 profile (us-east,
 * us-west, eu-west, 3 replicas each), answered in consistency levels with N taken from its topology.
 */
class PredictEc2ThreeRegionsTest {

    private static final ObjectMapper MAPPER = JsonMapping.mapper();

    /**
     * A LOCAL_QUORUM write in us-east and a LOCAL_ONE read in us-west. The read misses the write
     * while the us-west replica it asks has not received it: that replica gets the write at
     * {@code D + W_f (+ W_j)} (D the one-way us-east to us-west delay, W the local write delays, the
     * write being forwarded within us-west), the read reaches it at {@code w_t + t + R_j}, and the
     * LNKD-SSD delays are fractions of a millisecond. So the window at p is D's p-quantile give or
     * take a millisecond (the engine gave 52.8 to 53.2 ms at p = 0.99 and 149 to 151 ms at p =
     * 0.999 with seeds 7, 8 and 9, D's own quantiles being 53.19 and 149.90 ms); and since D is
     * never below its floor c = 39.99 ms, no read within 20 ms of the commit sees the write. Both
     * operations' latencies stay local.
     */
    @Test
    void predict_localQuorumWriteInUsEastLocalOneReadInUsWest_windowIsTheOneWayDelay() throws Exception {
        CommandLineRun run = CommandLineRun.of(
                "predict",
                "--profile",
                "ec2-three-regions",
                "--write-level",
                "LOCAL_QUORUM",
                "--read-level",
                "LOCAL_ONE",
                "--write-dc",
                "us-east",
                "--read-dc",
                "us-west",
                "--trials",
                "200000",
                "--seed",
                "7",
                "--format",
                "json");

        assertThat(run.status()).as(run.err()).isZero();
        JsonNode root = MAPPER.readTree(run.out());
        assertThat(root.get("n").asInt()).isEqualTo(9);
        assertThat(root.get("datacenters"))
                .extracting(JsonNode::asText)
                .containsExactly("us-east", "us-west", "eu-west");
        assertThat(root.get("configs")).hasSize(1);
        JsonNode configuration = root.get("configs").get(0);
        assertThat(configuration.get("write_level").asText()).isEqualTo("LOCAL_QUORUM");
        assertThat(configuration.get("read_level").asText()).isEqualTo("LOCAL_ONE");
        assertThat(configuration.get("write_dc").asText()).isEqualTo("us-east");
        assertThat(configuration.get("read_dc").asText()).isEqualTo("us-west");
        assertThat(configuration.get("strict").asBoolean()).isFalse();
        assertThat(configuration.get("w").asInt()).isEqualTo(2);
        assertThat(configuration.get("r").asInt()).isEqualTo(1);

        for (JsonNode point : configuration.get("t_visibility")) {
            if (point.get("t_ms").asDouble() <= 20) {
                assertThat(point.get("p_consistent").asDouble())
                        .as("P(consistent) at t = %s ms", point.get("t_ms"))
                        .isZero();
            }
        }
        double oneWayP99 = BuiltInProfiles.EC2_US_EAST_US_WEST.inverseSurvivalProbability(0.01);
        double oneWayP999 = BuiltInProfiles.EC2_US_EAST_US_WEST.inverseSurvivalProbability(0.001);
        assertThat(oneWayP99).isBetween(53.0, 53.4);
        assertThat(oneWayP999).isBetween(149.5, 150.5);
        assertThat(window(configuration, 0.99)).isBetween(oneWayP99 - 2, oneWayP99 + 2);
        assertThat(window(configuration, 0.999)).isBetween(oneWayP999 - 10, oneWayP999 + 10);
        assertThat(latency(configuration, "write_latency_ms", 99.9))
                .as("write p99.9")
                .isLessThan(5.0);
        assertThat(latency(configuration, "read_latency_ms", 99.9))
                .as("read p99.9")
                .isLessThan(5.0);
    }

    @Test
    void predict_everyLevelAndDatacenterPair_coversTheNineRegionPairs() throws Exception {
        CommandLineRun run = CommandLineRun.of(
                "predict",
                "--profile",
                "ec2-three-regions",
                "--levels",
                "all",
                "--dc-matrix",
                "--trials",
                "2000",
                "--format",
                "json");

        assertThat(run.status()).as(run.err()).isZero();
        JsonNode root = MAPPER.readTree(run.out());
        assertThat(root.get("n").asInt()).isEqualTo(9);
        JsonNode configurations = root.get("configs");
        assertThat(configurations).hasSize(8 * 8 * 3 * 3);
        Set<String> pairs = new HashSet<>();
        for (JsonNode configuration : configurations) {
            pairs.add(configuration.get("write_dc").asText() + ">"
                    + configuration.get("read_dc").asText());
        }
        assertThat(pairs).hasSize(9);
    }

    @Test
    void predict_rwModeOnTheBuiltIn_exitsTwoSayingItIsAnsweredInLevels() {
        CommandLineRun run = CommandLineRun.of("predict", "--profile", "ec2-three-regions", "--n", "9", "--all");

        assertThat(run.status()).as("exit status; stderr: %s", run.err()).isEqualTo(2);
        assertThat(run.out()).isEmpty();
        assertThat(run.errorLines())
                .containsExactly("pbs: --all is for (R, W), but the profile ec2-three-regions places its replicas in "
                        + "named datacenters (us-east:3,us-west:3,eu-west:3), so it is answered in consistency levels "
                        + "across them: use --write-level and --read-level");
    }

    @Test
    void predict_otherN_exitsTwoSayingTheProfileFixesIt() {
        CommandLineRun run = CommandLineRun.of("predict", "--profile", "ec2-three-regions", "--n", "3");

        assertThat(run.status()).isEqualTo(2);
        assertThat(run.errorLines())
                .containsExactly("pbs: --n is 3, but the profile ec2-three-regions places 9 replicas "
                        + "(us-east:3,us-west:3,eu-west:3); leave it out");
    }

    @Test
    void tune_onTheBuiltIn_choosesLevelsForEveryReadDatacenter() {
        CommandLineRun run =
                CommandLineRun.of("tune", "--profile", "ec2-three-regions", "--n", "9", "--trials", "1000");

        assertThat(run.status()).as(run.err()).isZero();
        assertThat(run.out())
                .contains("us-east:3,us-west:3,eu-west:3 (N=9), writes coordinated in us-east, reads in us-east, "
                        + "us-west, eu-west")
                .contains("Feasible, best first");
        assertThat(run.err()).doesNotContain("Exception");
    }

    @Test
    void profile_listsEveryBuiltInWithItsDescriptionInOneColumn() {
        CommandLineRun run = CommandLineRun.of("profile");

        assertThat(run.status()).isZero();
        List<String> lines = run.out().lines().toList();
        assertThat(lines)
                .extracting(line -> line.substring(0, line.indexOf(' ')))
                .containsExactly("lnkd-ssd", "lnkd-disk", "ymmr", "wan", "ec2-three-regions");
        int column = "ec2-three-regions ".length();
        for (String line : lines) {
            assertThat(line.charAt(column - 1)).as(line).isEqualTo(' ');
            assertThat(line.charAt(column)).as(line).isNotEqualTo(' ');
        }
    }

    @Test
    void profile_ec2ThreeRegions_printsItsDatacentersAndPairDelays() throws Exception {
        CommandLineRun run = CommandLineRun.of("profile", "ec2-three-regions");

        assertThat(run.status()).isZero();
        JsonNode datacenters = MAPPER.readTree(run.out()).get("datacenters");
        assertThat(datacenters.get("names"))
                .extracting(JsonNode::asText)
                .containsExactly("us-east", "us-west", "eu-west");
        assertThat(datacenters.get("replica_dc")).hasSize(9);
        assertThat(datacenters.has("inter_dc_delay")).isFalse();
        assertThat(datacenters.get("inter_dc_delays")).hasSize(6);
        assertThat(datacenters
                        .get("inter_dc_delays")
                        .get(0)
                        .get("distribution")
                        .get("type")
                        .asText())
                .isEqualTo("shifted");
        assertThat(datacenters.get("coordinator").asText()).isEqualTo("dc:0");
    }

    private static double window(JsonNode configuration, double p) {
        for (JsonNode window : configuration.get("windows_ms")) {
            if (window.get("p").asDouble() == p) {
                return window.get("t_ms").asDouble();
            }
        }
        throw new AssertionError("no window at " + p);
    }

    private static double latency(JsonNode configuration, String field, double percentile) {
        for (JsonNode latency : configuration.get(field)) {
            if (latency.get("percentile").asDouble() == percentile) {
                return latency.get("value").asDouble();
            }
        }
        throw new AssertionError("no " + field + " at " + percentile);
    }
}
