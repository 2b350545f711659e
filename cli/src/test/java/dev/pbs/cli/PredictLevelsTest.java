package dev.pbs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pbs.formats.json.JsonMapping;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code ./pbs predict} with consistency levels across datacenters (model note section 7). */
class PredictLevelsTest {

    private static final ObjectMapper MAPPER = JsonMapping.mapper();
    private static final Path THREE_PLUS_THREE = CommandLineRun.resource("profiles/three-plus-three.json");

    @Test
    void predict_oneLevelPairAcrossDatacenters_writesTheLevelsAndDatacenters() throws Exception {
        CommandLineRun run = CommandLineRun.of(
                "predict",
                "--profile-file",
                THREE_PLUS_THREE.toString(),
                "--write-level",
                "LOCAL_QUORUM",
                "--read-level",
                "LOCAL_ONE",
                "--write-dc",
                "dc1",
                "--read-dc",
                "dc2",
                "--trials",
                "20000",
                "--format",
                "json");

        assertThat(run.status()).as(run.err()).isZero();
        JsonNode root = MAPPER.readTree(run.out());
        assertThat(root.get("n").asInt()).isEqualTo(6);
        assertThat(root.get("datacenters")).extracting(JsonNode::asText).containsExactly("dc1", "dc2");
        assertThat(root.get("configs")).hasSize(1);
        JsonNode configuration = root.get("configs").get(0);
        assertThat(configuration.get("write_level").asText()).isEqualTo("LOCAL_QUORUM");
        assertThat(configuration.get("read_level").asText()).isEqualTo("LOCAL_ONE");
        assertThat(configuration.get("write_dc").asText()).isEqualTo("dc1");
        assertThat(configuration.get("read_dc").asText()).isEqualTo("dc2");
        assertThat(configuration.get("strict").asBoolean()).isFalse();
        assertThat(configuration.get("r").asInt()).isEqualTo(1);
        assertThat(configuration.get("w").asInt()).isEqualTo(2);
        // The write needs about 20 ms to reach dc2: a read from dc2 at commit never sees it.
        assertThat(configuration.get("t_visibility").get(0).get("p_consistent").asDouble())
                .isZero();
        assertThat(configuration.get("windows_ms").get(1).get("t_ms").asDouble())
                .isBetween(35.0, 55.0);
    }

    @Test
    void predict_everyLevelAndDatacenterPair_strictOnesAreConsistentAtEveryTime() throws Exception {
        CommandLineRun run = CommandLineRun.of(
                "predict",
                "--profile-file",
                THREE_PLUS_THREE.toString(),
                "--levels",
                "all",
                "--dc-matrix",
                "--trials",
                "5000",
                "--format",
                "json");

        assertThat(run.status()).as(run.err()).isZero();
        JsonNode configurations = MAPPER.readTree(run.out()).get("configs");
        assertThat(configurations).hasSize(8 * 8 * 4);
        Set<String> pairs = new HashSet<>();
        int strict = 0;
        for (JsonNode configuration : configurations) {
            pairs.add(configuration.get("write_dc").asText() + "->"
                    + configuration.get("read_dc").asText());
            if (configuration.get("strict").asBoolean()) {
                strict++;
                for (JsonNode point : configuration.get("t_visibility")) {
                    assertThat(point.get("p_consistent").asDouble()).isEqualTo(1.0);
                }
            }
        }
        assertThat(pairs).containsExactlyInAnyOrder("dc1->dc1", "dc1->dc2", "dc2->dc1", "dc2->dc2");
        // 32 strict level pairs in each datacenter and 26 across (checked by enumerating the sets).
        assertThat(strict).isEqualTo(2 * 32 + 2 * 26);
    }

    @Test
    void predict_tableFormat_groupsByDatacenterPair() {
        CommandLineRun run =
                CommandLineRun.of("predict", "--profile-file", THREE_PLUS_THREE.toString(), "--trials", "5000");

        assertThat(run.status()).as(run.err()).isZero();
        assertThat(run.out())
                .contains("dc1:3,dc2:3 (N=6)")
                .contains("== write coordinated in dc1, read coordinated in dc1 ==")
                .contains("== write coordinated in dc1, read coordinated in dc2 ==")
                .contains("LOCAL_QUORUM  LOCAL_QUORUM  strict")
                .contains("LOCAL_QUORUM  LOCAL_QUORUM  partial");
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(
            delimiter = '|',
            value = {
                "--write-level | LOCAL_SERIAL | --write-level must be one of ONE, TWO, THREE, QUORUM, ALL, LOCAL_ONE, LOCAL_QUORUM, EACH_QUORUM, was 'LOCAL_SERIAL'",
                "--read-dc     | dc9          | --read-dc names datacenter 'dc9', which is not one of the profile's: dc1, dc2",
                "--n           | 5            | --n is 5, but the profile three-plus-three places 6 replicas (dc1:3,dc2:3); leave it out",
                "--r           | 1            | --r is for (R, W), but the profile three-plus-three places its replicas in named datacenters (dc1:3,dc2:3), so it is answered in consistency levels across them: use --write-level and --read-level",
                "--levels      | some         | --levels must be 'all' (every level pair), was 'some'",
            })
    void predict_badLevelInput_exitsTwoNamingTheProblem(String option, String value, String expected) {
        List<String> args = new ArrayList<>(
                List.of("predict", "--profile-file", THREE_PLUS_THREE.toString(), "--trials", "1000", option, value));
        if (option.equals("--r")) {
            args.addAll(List.of("--w", "1"));
        }
        assertBadInput(CommandLineRun.of(args.toArray(String[]::new)), expected);
    }

    @Test
    void predict_localLevelWhereNoReplicaIs_exitsTwo() {
        Path profile = CommandLineRun.resource("profiles/datacenter-without-replicas.json");
        assertBadInput(
                CommandLineRun.of(
                        "predict",
                        "--profile-file",
                        profile.toString(),
                        "--write-level",
                        "LOCAL_ONE",
                        "--write-dc",
                        "dc3",
                        "--read-dc",
                        "dc1",
                        "--trials",
                        "1000"),
                "LOCAL_ONE in datacenter dc3 is not possible: it holds no replica of the key");
    }

    @Test
    void predict_levelNeedingMoreReplicasThanThereAre_exitsTwo() {
        assertBadInput(
                CommandLineRun.of(
                        "predict",
                        "--profile",
                        "lnkd-disk",
                        "--n",
                        "2",
                        "--write-level",
                        "THREE",
                        "--read-level",
                        "ONE",
                        "--trials",
                        "1000"),
                "THREE needs 3 replicas, but the key has 2 in all datacenters");
    }

    @Test
    void predict_replicaInAnUnnamedDatacenter_exitsTwoNamingThePath() {
        Path profile = CommandLineRun.resource("profiles/unknown-replica-datacenter.json");
        assertBadInput(
                CommandLineRun.of("predict", "--profile-file", profile.toString(), "--trials", "1000"),
                "datacenters.replica_dc[2]: 'dc3' is not one of the datacenters dc1, dc2");
    }

    @Test
    void predict_levelsOnAProfileWithoutDatacenters_areOneDatacenter() throws Exception {
        CommandLineRun run = CommandLineRun.of(
                "predict",
                "--profile",
                "lnkd-disk",
                "--n",
                "3",
                "--write-level",
                "LOCAL_ONE",
                "--read-level",
                "LOCAL_QUORUM",
                "--trials",
                "5000",
                "--format",
                "json");

        assertThat(run.status()).as(run.err()).isZero();
        JsonNode root = MAPPER.readTree(run.out());
        assertThat(root.get("datacenters")).extracting(JsonNode::asText).containsExactly("dc1");
        assertThat(root.get("configs").get(0).get("strict").asBoolean()).isFalse();
        assertThat(root.get("configs").get(0).get("r").asInt()).isEqualTo(2);
    }

    @Test
    void predict_coordinatorReplicaWithLevels_isEchoedInJsonAndTable() throws Exception {
        List<String> args = List.of(
                "predict",
                "--profile-file",
                THREE_PLUS_THREE.toString(),
                "--write-level",
                "LOCAL_ONE",
                "--read-level",
                "LOCAL_ONE",
                "--coordinator-replica",
                "--trials",
                "2000");
        CommandLineRun json = CommandLineRun.of(
                java.util.stream.Stream.concat(args.stream(), java.util.stream.Stream.of("--format", "json"))
                        .toArray(String[]::new));
        assertThat(json.status()).as(json.err()).isZero();
        assertThat(MAPPER.readTree(json.out()).get("coordinator_replica").asBoolean())
                .isTrue();
        CommandLineRun table = CommandLineRun.of(args.toArray(String[]::new));
        assertThat(table.status()).as(table.err()).isZero();
        assertThat(table.out()).contains("coordinators on a replica of their datacenter");
    }

    private static void assertBadInput(CommandLineRun run, String expected) {
        assertThat(run.status()).as("exit status; stderr: %s", run.err()).isEqualTo(2);
        assertThat(run.out()).isEmpty();
        assertThat(run.errorLines()).hasSize(1);
        assertThat(run.errorLines().get(0)).startsWith("pbs: ").contains(expected);
        assertThat(run.err()).doesNotContain("Exception", "at dev.", "at java.");
    }
}
