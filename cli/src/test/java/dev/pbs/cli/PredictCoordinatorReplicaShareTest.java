package dev.pbs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code pbs predict --coordinator-replica-share SHARE|WRITES,READS}: echoed in the table and the
 * JSON, shares 0 and 1 answering as without and with {@code --coordinator-replica}, and every bad
 * value, or both options together, exiting 2 with one line naming the option.
 */
class PredictCoordinatorReplicaShareTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final String[] VALID = {
        "predict",
        "--profile",
        "lnkd-disk",
        "--n",
        "3",
        "--r",
        "1",
        "--w",
        "1",
        "--read-fanout",
        "targeted",
        "--trials",
        "2000",
        "--seed",
        "5",
        "--t",
        "0,5"
    };

    private static CommandLineRun run(String... extra) {
        List<String> args = new ArrayList<>(List.of(VALID));
        args.addAll(List.of(extra));
        return CommandLineRun.of(args.toArray(String[]::new));
    }

    private static JsonNode json(String... extra) throws Exception {
        List<String> args = new ArrayList<>(List.of(extra));
        args.addAll(List.of("--format", "json"));
        CommandLineRun run = run(args.toArray(String[]::new));
        assertThat(run.status()).as(run.err()).isZero();
        return MAPPER.readTree(run.out());
    }

    @Test
    void share_isEchoedInTheJsonAndTheTable() throws Exception {
        JsonNode uniform = json("--coordinator-replica-share", "0.67");
        assertThat(uniform.get("coordinator_replica").asBoolean()).isTrue();
        assertThat(uniform.get("coordinator_replica_share").get("writes").asDouble())
                .isEqualTo(0.67);
        assertThat(uniform.get("coordinator_replica_share").get("reads").asDouble())
                .isEqualTo(0.67);
        JsonNode split = json("--coordinator-replica-share", "0.5, 0.25");
        assertThat(split.get("coordinator_replica_share").get("writes").asDouble())
                .isEqualTo(0.5);
        assertThat(split.get("coordinator_replica_share").get("reads").asDouble())
                .isEqualTo(0.25);

        CommandLineRun table = run("--coordinator-replica-share", "0.67");
        assertThat(table.status()).as(table.err()).isZero();
        assertThat(table.out()).contains("coordinator on a replica for 67% of writes and 67% of reads");
    }

    @Test
    void sharesOneAndZero_answerAsWithAndWithoutTheShorthand() throws Exception {
        assertThat(json("--coordinator-replica-share", "1")).isEqualTo(json("--coordinator-replica"));
        assertThat(json("--coordinator-replica-share", "0,0")).isEqualTo(json());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "1.5| --coordinator-replica-share must hold shares between 0 and 1, had 1.5",
                "0.5,-1| --coordinator-replica-share must hold shares between 0 and 1, had -1 for reads",
                "NaN| --coordinator-replica-share must hold shares between 0 and 1, had NaN",
                "half| --coordinator-replica-share must be SHARE or WRITES,READS, numbers from 0 to 1 such as 0.67 or "
                        + "0.67,0.5, was 'half'",
                "0.1,0.2,0.3| --coordinator-replica-share must be SHARE or WRITES,READS",
                "0.5,| --coordinator-replica-share must be SHARE or WRITES,READS",
            })
    void badShare_exitsTwoWithOneLineNamingTheOption(String share, String expected) {
        assertBadInput(run("--coordinator-replica-share", share), expected);
    }

    @Test
    void bothOptions_exitTwoWithOneLineNamingBoth() {
        assertBadInput(
                run("--coordinator-replica", "--coordinator-replica-share", "0.5"),
                "--coordinator-replica cannot be combined with --coordinator-replica-share: give one of them");
    }

    private static void assertBadInput(CommandLineRun run, String expected) {
        assertThat(run.status()).as("exit status; stderr: %s", run.err()).isEqualTo(2);
        assertThat(run.out()).isEmpty();
        assertThat(run.errorLines()).hasSize(1);
        assertThat(run.errorLines().get(0)).startsWith("pbs: ").contains(expected);
        assertThat(run.err()).doesNotContain("Exception", "at dev.", "at java.");
    }
}
