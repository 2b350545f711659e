package dev.pbs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pbs.formats.json.JsonMapping;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code ./pbs tune} choosing consistency levels across datacenters, on the three-plus-three
 * fixture (dc1 and dc2, three replicas each, about 20 ms apart): a pair is feasible only when every
 * requirement holds for reads coordinated in every read datacenter.
 */
class TuneLevelsTest {

    private static final ObjectMapper MAPPER = JsonMapping.mapper();
    private static final Path THREE_PLUS_THREE = CommandLineRun.resource("profiles/three-plus-three.json");

    private static JsonNode tune(String... options) throws Exception {
        List<String> args = new ArrayList<>(List.of(
                "tune",
                "--profile-file",
                THREE_PLUS_THREE.toString(),
                "--trials",
                "20000",
                "--seed",
                "7",
                "--format",
                "json"));
        args.addAll(List.of(options));
        CommandLineRun run = CommandLineRun.of(args.toArray(String[]::new));
        assertThat(run.status()).as(run.err()).isZero();
        return MAPPER.readTree(run.out());
    }

    private static JsonNode find(JsonNode candidates, String writeLevel, String readLevel) {
        for (JsonNode candidate : candidates) {
            if (candidate.get("write_level").asText().equals(writeLevel)
                    && candidate.get("read_level").asText().equals(readLevel)) {
                return candidate;
            }
        }
        throw new AssertionError(writeLevel + "/" + readLevel + " is not among " + candidates);
    }

    @Test
    void tune_readsThatAlwaysMeetAnAcknowledgedReplica_onlyEachQuorumLocalQuorumQualifies() throws Exception {
        // kstale@1 is the chance that the read contacts none of the replicas whose acknowledgements
        // committed the write: zero only where every read set meets every write set, in each datacenter.
        JsonNode answer = tune(
                "--require",
                "kstale@1<=0.0001",
                "--write-level",
                "LOCAL_QUORUM,EACH_QUORUM",
                "--read-level",
                "LOCAL_ONE,LOCAL_QUORUM");

        assertThat(answer.get("levels").asText()).isEqualTo("datacenters");
        assertThat(answer.get("n_min").asInt()).isEqualTo(6);
        assertThat(answer.get("write_dc").asText()).isEqualTo("dc1");
        assertThat(answer.get("read_dcs")).extracting(JsonNode::asText).containsExactly("dc1", "dc2");
        assertThat(answer.get("feasible")).hasSize(1);
        JsonNode chosen = answer.get("feasible").get(0);
        assertThat(chosen.get("write_level").asText()).isEqualTo("EACH_QUORUM");
        assertThat(chosen.get("read_level").asText()).isEqualTo("LOCAL_QUORUM");
        assertThat(chosen.get("strict").asBoolean()).isTrue();
        assertThat(chosen.get("feasible").asBoolean()).isTrue();
        assertThat(chosen.has("r")).isFalse();
        assertThat(chosen.get("read_dcs")).hasSize(2);
        for (JsonNode read : chosen.get("read_dcs")) {
            assertThat(read.get("strict").asBoolean()).isTrue();
            assertThat(read.get("r").asInt()).isEqualTo(2);
            assertThat(read.get("violations")).isEmpty();
        }
        // The write waits for dc2's quorum, about one round trip between the datacenters.
        assertThat(chosen.get("metrics").get("write_p999_ms").asDouble()).isBetween(50.0, 120.0);

        assertThat(answer.get("rejected")).hasSize(3);
        JsonNode local = find(answer.get("rejected"), "LOCAL_QUORUM", "LOCAL_QUORUM");
        assertThat(local.get("feasible").asBoolean()).isFalse();
        assertThat(local.get("violations")).hasSize(1);
        assertThat(local.get("violations").get(0).asText()).isEqualTo("reads from dc2: kstale@1=1 > 0.0001");
        assertThat(local.get("read_dcs").get(0).get("violations")).isEmpty();
        assertThat(local.get("read_dcs").get(1).get("violations").get(0).asText())
                .isEqualTo("kstale@1=1 > 0.0001");
        // Its figures are those of its worst read datacenter, dc2, whose reads see the write ~40 ms late.
        assertThat(local.get("metrics").get("window_ms").asDouble())
                .isEqualTo(local.get("read_dcs")
                        .get(1)
                        .get("metrics")
                        .get("window_ms")
                        .asDouble())
                .isGreaterThan(20.0);
    }

    @Test
    void tune_readsFromDc1Only_chooseTheCheaperLocalQuorumWrite() throws Exception {
        JsonNode answer = tune(
                "--require",
                "kstale@1<=0.0001",
                "--write-level",
                "LOCAL_QUORUM,EACH_QUORUM",
                "--read-level",
                "LOCAL_ONE,LOCAL_QUORUM",
                "--read-dc",
                "dc1");

        assertThat(answer.get("read_dcs")).extracting(JsonNode::asText).containsExactly("dc1");
        JsonNode chosen = answer.get("feasible").get(0);
        assertThat(chosen.get("write_level").asText()).isEqualTo("LOCAL_QUORUM");
        assertThat(chosen.get("read_level").asText()).isEqualTo("LOCAL_QUORUM");
        JsonNode each = find(answer.get("feasible"), "EACH_QUORUM", "LOCAL_QUORUM");
        assertThat(chosen.get("score").asDouble()).isLessThan(each.get("score").asDouble());
    }

    @Test
    void tune_windowOnEveryPair_choosesAFeasiblePairAndExplainsTheOthersPerReadDatacenter() throws Exception {
        JsonNode answer = tune("--require", "window@0.999<=20ms");

        assertThat(answer.get("feasible").size() + answer.get("rejected").size())
                .isEqualTo(64);
        assertThat(answer.get("feasible")).isNotEmpty();
        double best = answer.get("feasible").get(0).get("score").asDouble();
        for (JsonNode candidate : answer.get("feasible")) {
            assertThat(candidate.get("score").asDouble()).isGreaterThanOrEqualTo(best);
            double worst = 0;
            for (JsonNode read : candidate.get("read_dcs")) {
                double window = read.get("metrics").get("window_ms").asDouble();
                assertThat(window).isLessThanOrEqualTo(20.0);
                worst = Math.max(worst, read.get("score").asDouble());
            }
            assertThat(candidate.get("score").asDouble()).isEqualTo(worst);
        }
        // A write at ONE is in dc1 at once but reaches dc2 some 20 ms later.
        JsonNode one = find(answer.get("rejected"), "ONE", "ONE");
        assertThat(one.get("violations")).hasSize(1);
        assertThat(one.get("violations").get(0).asText())
                .startsWith("reads from dc2: window@0.999=")
                .endsWith("> 20ms");
    }

    @Test
    void tune_table_listsFeasibleRejectedAndEachReadDatacenter() {
        CommandLineRun run = CommandLineRun.of(
                "tune",
                "--profile-file",
                THREE_PLUS_THREE.toString(),
                "--require",
                "kstale@1<=0.0001",
                "--read-level",
                "LOCAL_QUORUM",
                "--trials",
                "5000");

        assertThat(run.status()).as(run.err()).isZero();
        assertThat(run.out())
                .contains("dc1:3,dc2:3 (N=6), writes coordinated in dc1, reads in dc1, dc2")
                .contains("Feasible, best first; figures at the worst read datacenter")
                .contains("Rejected")
                .contains("LOCAL_QUORUM  LOCAL_QUORUM  partial  reads from dc2: kstale@1=1 > 0.0001")
                .contains("By read datacenter")
                .containsPattern("EACH_QUORUM +LOCAL_QUORUM +dc2 +strict +2 ");
    }

    @Test
    void tune_localReadLevelInADatacenterWithoutReplicas_isRejectedThereWithTheReason() throws Exception {
        Path profile = CommandLineRun.resource("profiles/datacenter-without-replicas.json");
        CommandLineRun run = CommandLineRun.of(
                "tune",
                "--profile-file",
                profile.toString(),
                "--write-level",
                "QUORUM",
                "--trials",
                "5000",
                "--format",
                "json");

        assertThat(run.status()).as(run.err()).isZero();
        JsonNode localOne = find(MAPPER.readTree(run.out()).get("rejected"), "QUORUM", "LOCAL_ONE");
        assertThat(localOne.get("violations").get(0).asText())
                .isEqualTo(
                        "reads from dc3: LOCAL_ONE in datacenter dc3 is not possible: it holds no replica of the key");
        JsonNode dc3 = localOne.get("read_dcs").get(2);
        assertThat(dc3.get("read_dc").asText()).isEqualTo("dc3");
        assertThat(dc3.get("possible").asBoolean()).isFalse();
        assertThat(dc3.has("metrics")).isFalse();
    }

    @Test
    void tune_plotOfLevels_writesAPng(@TempDir Path directory) throws Exception {
        Path png = directory.resolve("levels.png");
        CommandLineRun run = CommandLineRun.of(
                "tune",
                "--profile-file",
                THREE_PLUS_THREE.toString(),
                "--require",
                "window@0.999<=20ms",
                "--trials",
                "5000",
                "--plot",
                png.toString());

        assertThat(run.status()).as(run.err()).isZero();
        assertThat(java.util.Arrays.copyOf(Files.readAllBytes(png), 4)).containsExactly(0x89, 'P', 'N', 'G');
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(
            delimiter = '|',
            value = {
                "--write-level | LOCAL_SERIAL | --write-level must be one of ONE, TWO, THREE, QUORUM, ALL, LOCAL_ONE, LOCAL_QUORUM, EACH_QUORUM, was 'LOCAL_SERIAL'",
                "--read-dc     | dc9          | --read-dc names datacenter 'dc9', which is not one of the profile's: dc1, dc2",
                "--write-dc    | dc1,dc2      | --write-dc names one datacenter when tuning (the write's coordinator), had 2: dc1, dc2",
                "--n           | 5            | --n is 5, but the profile three-plus-three places 6 replicas (dc1:3,dc2:3); leave it out",
                "--n           | 3..6         | --n is a range (3..6), but tuning consistency levels keeps N fixed",
                "--levels      | cassandra    | --levels is for (N, R, W) tuning; with consistency levels across datacenters",
                "--require     | speed>9      | is not one of the forms",
            })
    void tune_badLevelInput_exitsTwoNamingTheProblem(String option, String value, String expected) {
        assertBadInput(
                CommandLineRun.of(
                        "tune", "--profile-file", THREE_PLUS_THREE.toString(), "--trials", "1000", option, value),
                expected);
    }

    @Test
    void tune_namedLocalLevelWhereNoReplicaIs_exitsTwo() {
        Path profile = CommandLineRun.resource("profiles/datacenter-without-replicas.json");
        assertBadInput(
                CommandLineRun.of(
                        "tune", "--profile-file", profile.toString(), "--read-level", "LOCAL_ONE", "--trials", "1000"),
                "--read-level: LOCAL_ONE in datacenter dc3 is not possible: it holds no replica of the key (reads are "
                        + "tried in every datacenter unless --read-dc names some)");
    }

    @Test
    void tune_levelsOnAProfileWithoutDatacenters_needOneN() {
        assertBadInput(
                CommandLineRun.of("tune", "--profile", "lnkd-disk", "--read-level", "ONE", "--trials", "1000"),
                "--n is required");
    }

    private static void assertBadInput(CommandLineRun run, String expected) {
        assertThat(run.status()).as("exit status; stderr: %s", run.err()).isEqualTo(2);
        assertThat(run.out()).isEmpty();
        assertThat(run.errorLines()).hasSize(1);
        assertThat(run.errorLines().get(0)).startsWith("pbs: ").contains(expected);
        assertThat(run.err()).doesNotContain("Exception", "at dev.", "at java.");
    }
}
