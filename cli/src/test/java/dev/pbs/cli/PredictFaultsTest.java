package dev.pbs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code pbs predict} with faulty replicas: what it reports, and every bad fault option in one line. */
class PredictFaultsTest {

    private static final List<String> VALID =
            List.of("predict", "--profile", "lnkd-disk", "--n", "3", "--trials", "20000", "--seed", "1");

    private static CommandLineRun run(String... extra) {
        List<String> args = new ArrayList<>(VALID);
        args.addAll(List.of(extra));
        return CommandLineRun.of(args.toArray(String[]::new));
    }

    @Test
    void pausesAndOutages_reportTheirEffectsAndTheRecoveryCurve() throws Exception {
        CommandLineRun run = run(
                "--r",
                "1",
                "--w",
                "3",
                "--pause-every",
                "2000",
                "--pause-for",
                "200",
                "--outage-every",
                "600000",
                "--outage-for",
                "20000",
                "--hint-replay",
                "5000",
                "--faulty-replicas",
                "3",
                "--recovery-outage",
                "20000",
                "--recovery-times",
                "0,4999,5000",
                "--format",
                "json");
        assertThat(run.status()).as(run.err()).isZero();
        JsonNode answer = new ObjectMapper().readTree(run.out());

        assertThat(answer.get("read_fanout").asText()).isEqualTo("targeted");
        assertThat(answer.get("faults").asText()).contains("pauses of", "outages of", "(replicas 3)");
        JsonNode effects = answer.get("configs").get(0).get("fault_effects");
        // A write at ALL fails whenever replica 3 is down: 20 s out of every 620 s.
        assertThat(effects.get("p_write_unavailable").get("p").asDouble()).isBetween(0.025, 0.040);
        assertThat(effects.get("p_read_unavailable").get("p").asDouble()).isZero();
        assertThat(effects.get("p_read_waited_for_pause").get("p").asDouble()).isBetween(0.02, 0.05);
        assertThat(answer.get("configs").get(0).get("k_staleness")).isEmpty();
        JsonNode recovery = answer.get("recovery");
        assertThat(recovery.get("hinted_fraction").asDouble()).isEqualTo(1.0);
        assertThat(recovery.get("points").findValues("p_consistent"))
                .extracting(JsonNode::asDouble)
                .containsExactly(0.0, 0.0, 1.0);
    }

    @Test
    void healthy_dropsTheFaultsAndTheirEffects() throws Exception {
        CommandLineRun run = run("--r", "1", "--w", "1", "--healthy", "--format", "json");
        assertThat(run.status()).as(run.err()).isZero();
        JsonNode answer = new ObjectMapper().readTree(run.out());
        assertThat(answer.has("faults")).isFalse();
        assertThat(answer.get("configs").get(0).has("fault_effects")).isFalse();
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "--pause-every 2000                         | --pause-every needs --pause-for too",
                "--pause-every 100 --pause-for 200           | --pause-every is the time from the start of one pause",
                "--pause-every x --pause-for 200             | Invalid value for option '--pause-every': 'x' is not a number",
                "--pause-every 2000 --pause-for 200 --pause-timing often | --pause-timing must be regular or random, was 'often'",
                "--outage-every 1000 --outage-for 10         | --outage-every needs --hint-replay too",
                "--hint-window 1000                          | --hint-window is about hints of writes made during outages",
                "--pause-every 2000 --pause-for 200 --faulty-replicas 4 | --faulty-replicas must name replicas from 1 to N = 3, had 4",
                "--healthy --pause-every 2000 --pause-for 200 | --healthy simulates no fault, so it cannot be combined",
                "--recovery-outage 20000                     | --recovery-outage asks how a replica recovers from an outage",
                "--pause-every 2000 --pause-for 200 --read-fanout all | --read-fanout must be targeted",
                "--pause-every 2000 --pause-for 200 --write-rate 10 | --write-rate asks for session guarantees",
            })
    void badFaultOption_exitsTwoWithOneLineNamingIt(String options, String expected) {
        CommandLineRun run = run(options.trim().split(" +"));
        assertThat(run.status()).as("exit status; stderr: %s", run.err()).isEqualTo(2);
        assertThat(run.out()).isEmpty();
        assertThat(run.errorLines()).hasSize(1);
        assertThat(run.errorLines().get(0)).startsWith("pbs: ").contains(expected.trim());
        assertThat(run.err()).doesNotContain("Exception", "at dev.", "at java.");
    }
}
