package dev.pbs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pbs.cassandra.observe.LatencySampling;
import dev.pbs.cassandra.probe.ProbeSnapshot;
import dev.pbs.formats.record.ProbeRecordReader;
import dev.pbs.model.profile.WarsMessage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The second half of experiment E3 of docs/fidelity.md, from the corpus alone: the traced delays of
 * the other replicas (W, A, R, S, every replica pooled) of two probe runs on one cluster, one tracing
 * a fraction 0.05 of its operations (record T05), the other 0.5 (T50): their p50, p90 and p99 with
 * their standard errors, and whether tracing inflates the tail by the rule (the p99 of W at 0.5 above
 * that at 0.05 by more than three standard errors of the difference). Writes {@code
 * target/tracing-fraction.md}. On demand: {@code mvn verify -Pexperiment -Dit.groups=corpus-experiment
 * -pl cli -am}.
 */
@Tag("corpus-experiment")
class TracingFractionExperimentIT {

    private static final double[] PERCENTILES = {50, 90, 99};

    @Test
    void traceFractions_theirTracedDelays() throws IOException {
        ProbeSnapshot low = ProbeRecordReader.replay(CorpusReplayTest.CORPUS.resolve("T05.jsonl.gz"))
                .measurement();
        ProbeSnapshot high = ProbeRecordReader.replay(CorpusReplayTest.CORPUS.resolve("T50.jsonl.gz"))
                .measurement();
        List<String> lines = new ArrayList<>();
        lines.add("| message | percentile | fraction 0.05 ms (se) | fraction 0.5 ms (se) | difference / its se |");
        lines.add("|---|---|---|---|---|");
        double writeTail = Double.NaN;
        for (WarsMessage message : WarsMessage.values()) {
            Histogram lowDelays = pooled(low, message);
            Histogram highDelays = pooled(high, message);
            for (double percentile : PERCENTILES) {
                double lowMillis = lowDelays.getValueAtPercentile(percentile) / 1000.0;
                double highMillis = highDelays.getValueAtPercentile(percentile) / 1000.0;
                double lowError = LatencySampling.standardErrorMillis(lowDelays, percentile);
                double highError = LatencySampling.standardErrorMillis(highDelays, percentile);
                double standardized = (highMillis - lowMillis) / Math.sqrt(lowError * lowError + highError * highError);
                if (message == WarsMessage.WRITE && percentile == 99) {
                    writeTail = standardized;
                }
                lines.add(String.format(
                        Locale.ROOT,
                        "| %s (%d and %d samples) | p%.0f | %.3f (%.3f) | %.3f (%.3f) | %+.1f |",
                        message.letter(),
                        lowDelays.getTotalCount(),
                        highDelays.getTotalCount(),
                        percentile,
                        lowMillis,
                        lowError,
                        highMillis,
                        highError,
                        standardized));
            }
        }
        lines.add("");
        lines.add(
                writeTail > 3
                        ? "decision: tracing inflates W's tail (p99 at 0.5 above 0.05 by more than three standard errors)"
                        : "decision: tracing does not inflate W's tail beyond three standard errors");
        String report = String.join("\n", lines) + "\n";
        System.out.println(report);
        Files.writeString(Path.of("target", "tracing-fraction.md"), report);
        assertThat(writeTail).isNotNaN();
    }

    /** One message's delays over every replica, microseconds. */
    private static Histogram pooled(ProbeSnapshot snapshot, WarsMessage message) {
        Histogram pooled = new Histogram(3_600_000_000L, 3);
        for (Map<WarsMessage, Histogram> messages : snapshot.delaysMicros().values()) {
            Histogram delays = messages.get(message);
            if (delays != null) {
                pooled.add(delays);
            }
        }
        return pooled;
    }
}
