package dev.pbs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pbs.formats.json.JsonMapping;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.Test;

class PredictCommandTest {

    private static final ObjectMapper MAPPER = JsonMapping.mapper();
    private static final String TRIALS = "20000";

    @Test
    void predict_readRepairAndSpeculation_reportedInTheTablesAndTheJson() throws Exception {
        String[] question = {
            "predict",
            "--profile",
            "lnkd-disk",
            "--n",
            "3",
            "--r",
            "2",
            "--w",
            "1",
            "--read-fanout",
            "targeted",
            "--speculative-retry",
            "99p",
            "--read-repair",
            "blocking",
            "--t",
            "0,10",
            "--trials",
            TRIALS
        };
        CommandLineRun table = CommandLineRun.of(question);
        assertThat(table.status()).isZero();
        assertThat(table.out())
                .contains("speculative retry 99p, blocking read repair")
                .contains("Speculative retry 99p: a read asks one more replica")
                .contains("Blocking read repair: fraction of reads");

        List<String> json = new ArrayList<>(List.of(question));
        json.addAll(List.of("--format", "json"));
        JsonNode root =
                MAPPER.readTree(CommandLineRun.of(json.toArray(String[]::new)).out());
        assertThat(root.get("read_repair").asText()).isEqualTo("blocking");
        JsonNode repairs = root.get("configs").get(0).get("read_repair");
        assertThat(repairs).hasSize(2);
        // Disagreement is most likely right after commit.
        assertThat(repairs.get(0).get("p_repair").asDouble())
                .isGreaterThan(repairs.get(1).get("p_repair").asDouble());
        assertThat(repairs.get(0).get("mean_added_ms").asDouble()).isPositive();
        assertThat(fieldNames(root.get("configs").get(0).get("speculation")))
                .containsExactly("threshold_ms", "p_speculated", "ci95");
    }

    @Test
    void predict_jsonFormat_writesContractFieldsForEveryConfiguration() throws Exception {
        CommandLineRun run = CommandLineRun.of(
                "predict", "--profile", "lnkd-disk", "--n", "3", "--trials", TRIALS, "--format", "json");

        assertThat(run.status()).isZero();
        assertThat(run.err()).isEmpty();
        JsonNode root = MAPPER.readTree(run.out());
        assertThat(fieldNames(root))
                .contains("profile", "n", "trials", "seed", "read_fanout", "coordinator_replica", "configs");
        assertThat(root.get("profile").get("name").asText()).isEqualTo("lnkd-disk");
        assertThat(root.get("profile").get("provenance").asText()).contains("Table 3");
        assertThat(root.get("n").asInt()).isEqualTo(3);
        assertThat(root.get("trials").asLong()).isEqualTo(20_000);
        assertThat(root.get("seed").asLong()).isEqualTo(42);
        assertThat(root.get("read_fanout").asText()).isEqualTo("all");
        assertThat(root.get("coordinator_replica").asBoolean()).isFalse();
        assertThat(root.get("configs")).hasSize(9);
        JsonNode first = root.get("configs").get(0);
        assertThat(fieldNames(first))
                .contains(
                        "r",
                        "w",
                        "strict",
                        "t_visibility",
                        "windows_ms",
                        "read_latency_ms",
                        "write_latency_ms",
                        "k_staleness",
                        "kt_staleness");
        assertThat(fieldNames(first.get("t_visibility").get(0))).contains("t_ms", "p_consistent", "ci95");
        assertThat(fieldNames(first.get("windows_ms").get(0))).contains("p", "t_ms", "ci95");
        assertThat(fieldNames(first.get("read_latency_ms").get(0))).contains("percentile", "value", "ci95");
        assertThat(fieldNames(first.get("write_latency_ms").get(0))).contains("percentile", "value", "ci95");
        assertThat(fieldNames(first.get("k_staleness").get(0))).contains("k", "p_stale");
        assertThat(fieldNames(first.get("kt_staleness").get(0))).contains("k", "t_ms", "p_stale");
    }

    @Test
    void predict_defaults_useDocumentedGridWindowsPercentilesAndK() throws Exception {
        JsonNode configuration = MAPPER.readTree(CommandLineRun.of(
                                "predict",
                                "--profile",
                                "lnkd-ssd",
                                "--n",
                                "3",
                                "--r",
                                "1",
                                "--w",
                                "1",
                                "--trials",
                                TRIALS,
                                "--format",
                                "json")
                        .out())
                .get("configs")
                .get(0);

        assertThat(values(configuration.get("t_visibility"), "t_ms"))
                .containsExactly(0.0, 1.0, 2.0, 5.0, 10.0, 20.0, 50.0, 100.0, 200.0, 500.0, 1000.0);
        assertThat(values(configuration.get("windows_ms"), "p")).containsExactly(0.99, 0.999, 0.9999);
        assertThat(values(configuration.get("read_latency_ms"), "percentile")).containsExactly(50.0, 90.0, 99.0, 99.9);
        assertThat(values(configuration.get("k_staleness"), "k")).containsExactly(1.0, 2.0, 3.0);
        assertThat(configuration.get("kt_staleness")).hasSize(3 * 11);
    }

    @Test
    void predict_oneConfiguration_reportsClosedFormAndConsistentNumbers() throws Exception {
        JsonNode configuration = MAPPER.readTree(CommandLineRun.of(
                                "predict",
                                "--profile",
                                "lnkd-disk",
                                "--n",
                                "3",
                                "--r",
                                "ONE",
                                "--w",
                                "ONE",
                                "--trials",
                                TRIALS,
                                "--format",
                                "json",
                                "--t",
                                "0,10")
                        .out())
                .get("configs")
                .get(0);

        assertThat(configuration.get("r").asInt()).isEqualTo(1);
        assertThat(configuration.get("w").asInt()).isEqualTo(1);
        assertThat(configuration.get("strict").asBoolean()).isFalse();
        assertThat(configuration.get("k_staleness").get(0).get("p_stale").asDouble())
                .isEqualTo(2.0 / 3.0);
        JsonNode atZero = configuration.get("t_visibility").get(0);
        double consistent = atZero.get("p_consistent").asDouble();
        assertThat(atZero.get("ci95").get(0).asDouble()).isLessThanOrEqualTo(consistent);
        assertThat(atZero.get("ci95").get(1).asDouble()).isGreaterThanOrEqualTo(consistent);
        JsonNode timed = configuration.get("kt_staleness").get(0);
        assertThat(timed.get("t_ms").asDouble()).isZero();
        assertThat(timed.get("p_stale").asDouble()).isEqualTo(1.0 - consistent);
    }

    @Test
    void predict_strictQuorum_isConsistentAtEveryTimeWithZeroWindows() throws Exception {
        JsonNode configuration = MAPPER.readTree(CommandLineRun.of(
                                "predict",
                                "--profile",
                                "ymmr",
                                "--n",
                                "3",
                                "--r",
                                "QUORUM",
                                "--w",
                                "QUORUM",
                                "--trials",
                                TRIALS,
                                "--format",
                                "json")
                        .out())
                .get("configs")
                .get(0);

        assertThat(configuration.get("strict").asBoolean()).isTrue();
        assertThat(values(configuration.get("t_visibility"), "p_consistent")).containsOnly(1.0);
        assertThat(values(configuration.get("windows_ms"), "t_ms")).containsOnly(0.0);
        assertThat(values(configuration.get("k_staleness"), "p_stale")).containsOnly(0.0);
    }

    @Test
    void predict_tableFormat_writesHeaderAndOneRowPerConfigurationInEachTable() {
        CommandLineRun run = CommandLineRun.of("predict", "--profile", "lnkd-disk", "--n", "3", "--trials", TRIALS);

        assertThat(run.status()).isZero();
        List<String> lines = run.out().lines().toList();
        assertThat(lines.get(0)).contains("lnkd-disk", "N=3", "20,000 trials", "seed 42", "fan-out all");
        List<List<String>> tables = tables(lines);
        assertThat(tables).hasSize(3);
        for (List<String> table : tables) {
            assertThat(table.get(0).split("\\s+")).startsWith("R", "W", "quorum");
            assertThat(table).hasSize(1 + 9);
            int width = table.get(0).length();
            for (String row : table.subList(1, table.size())) {
                assertThat(row.split("\\s+")[2]).isIn("strict", "partial");
                assertThat(row.length()).isEqualTo(width);
            }
        }
        assertThat(tables.get(0).get(0)).contains("t=0", "t=1000");
        assertThat(tables.get(1).get(0)).contains("p=0.999");
        assertThat(tables.get(2).get(0)).contains("read p99.9", "write p50");
        String strictRow = tables.get(0).stream()
                .filter(row -> row.startsWith("2  2"))
                .findFirst()
                .orElseThrow();
        assertThat(strictRow.split("\\s+"))
                .containsExactly("2", "2", "strict", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1");
    }

    @Test
    void predict_targetedFanoutAndCoordinatorReplica_areEchoedInOutput() throws Exception {
        JsonNode root = MAPPER.readTree(CommandLineRun.of(
                        "predict",
                        "--profile",
                        "lnkd-ssd",
                        "--n",
                        "5",
                        "--r",
                        "1",
                        "--w",
                        "2",
                        "--trials",
                        TRIALS,
                        "--read-fanout",
                        "targeted",
                        "--coordinator-replica",
                        "--format",
                        "json")
                .out());

        assertThat(root.get("read_fanout").asText()).isEqualTo("targeted");
        assertThat(root.get("coordinator_replica").asBoolean()).isTrue();
        assertThat(root.get("configs")).hasSize(1);
    }

    @Test
    void predict_wanProfileWithFiveReplicas_runs() throws Exception {
        CommandLineRun run = CommandLineRun.of(
                "predict",
                "--profile",
                "wan",
                "--n",
                "5",
                "--r",
                "1",
                "--w",
                "1",
                "--trials",
                TRIALS,
                "--format",
                "json");

        assertThat(run.status()).as(run.err()).isZero();
        JsonNode writeMedian = MAPPER.readTree(run.out())
                .get("configs")
                .get(0)
                .get("write_latency_ms")
                .get(0);
        assertThat(writeMedian.get("value").asDouble()).isGreaterThan(0);
    }

    @Test
    void help_topLevelAndPredict_printUsageAndExitZero() {
        CommandLineRun top = CommandLineRun.of("--help");
        CommandLineRun predict = CommandLineRun.of("predict", "--help");

        assertThat(top.status()).isZero();
        assertThat(top.out()).contains("Usage: pbs", "predict");
        assertThat(predict.status()).isZero();
        assertThat(predict.out()).contains("--profile-file", "--read-fanout", "--coordinator-replica", "--format");
    }

    @Test
    void version_printsProjectVersionAndExitsZero() {
        CommandLineRun run = CommandLineRun.of("--version");

        assertThat(run.status()).isZero();
        assertThat(run.out()).startsWith("pbs ");
        // Built in a git work tree (a clone, as CI builds): the commit; elsewhere "unknown".
        String commit =
                java.nio.file.Files.exists(java.nio.file.Path.of("..", ".git")) ? "[0-9a-f]{10}(-dirty)?" : "unknown";
        assertThat(run.out().lines().findFirst().orElseThrow()).matches("pbs \\S+ \\(commit " + commit + "\\)");
    }

    @Test
    void profile_builtInName_printsProfileJson() throws Exception {
        CommandLineRun run = CommandLineRun.of("profile", "wan");

        assertThat(run.status()).isZero();
        JsonNode root = MAPPER.readTree(run.out());
        assertThat(root.get("name").asText()).isEqualTo("wan");
        assertThat(root.get("datacenters").get("replica_dc").asText()).isEqualTo("per_replica");
    }

    /** The blocks of lines starting with an "R  W" header line, up to the next blank line. */
    private static List<List<String>> tables(List<String> lines) {
        List<List<String>> tables = new ArrayList<>();
        List<String> current = null;
        for (String line : lines) {
            if (line.startsWith("R  W")) {
                current = new ArrayList<>();
                tables.add(current);
            } else if (line.isBlank()) {
                current = null;
            }
            if (current != null) {
                current.add(line);
            }
        }
        return tables;
    }

    private static List<String> fieldNames(JsonNode node) {
        List<String> names = new ArrayList<>();
        Iterator<String> iterator = node.fieldNames();
        iterator.forEachRemaining(names::add);
        return names;
    }

    private static List<Double> values(JsonNode array, String field) {
        List<Double> values = new ArrayList<>();
        array.forEach(entry -> values.add(entry.get(field).asDouble()));
        return values;
    }
}
