package dev.pbs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pbs.cassandra.observe.ObservationWhileProbing;
import dev.pbs.cassandra.observe.ObservedFreshInterval;
import dev.pbs.cassandra.observe.ObservedPoint;
import dev.pbs.cassandra.observe.ObservedStaleness;
import dev.pbs.formats.json.JsonMapping;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The service's probe windows of {@code corpus/service-windows} (one probe of the local 3-node
 * cluster with {@code observeWrites: 300}, 25 consecutive windows, each kept as its record):
 * every window replayed with no cluster, its observation compared with the prediction as the
 * probe compares it, with each point's 95% prediction interval ({@link ObservedFreshInterval}).
 * The windows the live service reported ({@code live-observations.jsonl}, as {@code GET
 * /api/v1/probes} gave them) come out exactly as they were; and how many windows' observed shares
 * at 0 and 5 ms fell inside their intervals is counted and written to {@code
 * target/service-windows-coverage.md}. On demand: {@code mvn verify -Pexperiment
 * -Dit.groups=corpus-experiment -Dit.test=ServiceWindowsCoverageIT -pl cli} (about ten seconds a
 * window).
 */
@Tag("corpus-experiment")
class ServiceWindowsCoverageIT {

    private static final Path FOLDER = CorpusReplayTest.CORPUS.resolve("service-windows");

    @Test
    void everyWindow_replaysToTheLiveIntervals_andIsCountedInsideOrOutside() throws IOException {
        List<JsonNode> live = new ArrayList<>();
        for (String line : Files.readAllLines(FOLDER.resolve("live-observations.jsonl"))) {
            live.add(JsonMapping.readTree(line));
        }
        List<Path> records;
        try (var files = Files.list(FOLDER)) {
            records = files.filter(file -> file.getFileName().toString().endsWith(".jsonl.gz"))
                    .sorted()
                    .toList();
        }
        assertThat(records).hasSize(25);
        int[] inside = new int[2];
        int[] insideLive = new int[2];
        List<String> lines = new ArrayList<>();
        lines.add(
                "| window | P fresh at 0 ms observed | predicted | 95% prediction interval | at 5 ms observed | predicted"
                        + " | 95% prediction interval |");
        lines.add("|---|---|---|---|---|---|---|");
        for (int window = 0; window < records.size(); window++) {
            RecordReplay replay = RecordReplay.of(records.get(window), "measured");
            ObservationWhileProbing.Result result =
                    replay.replayed().observation().orElseThrow();
            ObservedStaleness observed = ObservedFreshInterval.of(
                    replay.observation().orElseThrow(),
                    result.observation(),
                    replay.profile(),
                    replay.replayed().cluster().replicationFactor(),
                    result.measurement().pairs().clientCoupling());
            if (window < live.size()) {
                JsonNode livePoints = live.get(window).get("points");
                assertThat(livePoints).hasSize(observed.points().size());
                for (int index = 0; index < observed.points().size(); index++) {
                    ObservedPoint point = observed.points().get(index);
                    JsonNode kept = livePoints.get(index);
                    assertThat(new double[] {
                                point.tMillis(),
                                point.observed().trials(),
                                point.observed().successes(),
                                point.predicted(),
                                point.expected().lower(),
                                point.expected().upper()
                            })
                            .as("window %d, t = %s ms, as the live service gave it", window + 1, point.tMillis())
                            .containsExactly(
                                    kept.get(0).asDouble(),
                                    kept.get(1).asDouble(),
                                    kept.get(2).asDouble(),
                                    kept.get(3).asDouble(),
                                    kept.get(4).asDouble(),
                                    kept.get(5).asDouble());
                }
            }
            StringBuilder line = new StringBuilder("| W" + (window + 1));
            for (int at = 0; at < 2; at++) {
                double t = at == 0 ? 0 : 5;
                ObservedPoint point = observed.points().stream()
                        .filter(candidate -> candidate.tMillis() == t)
                        .findFirst()
                        .orElseThrow();
                boolean within = point.expected().contains(point.observed().estimate());
                inside[at] += within ? 1 : 0;
                insideLive[at] += within && window < live.size() ? 1 : 0;
                line.append(String.format(
                        Locale.ROOT,
                        " | %.4f | %.4f | [%.4f, %.4f]%s",
                        point.observed().estimate(),
                        point.predicted(),
                        point.expected().lower(),
                        point.expected().upper(),
                        within ? "" : " outside"));
            }
            lines.add(line.append(" |").toString());
        }
        lines.add("");
        lines.add(String.format(
                Locale.ROOT,
                "inside at 0 ms: %d of %d windows; at 5 ms: %d of %d",
                inside[0],
                records.size(),
                inside[1],
                records.size()));
        String report = String.join("\n", lines) + "\n";
        System.out.println(report);
        Files.writeString(Path.of("target", "service-windows-coverage.md"), report);
        // the live service's own tally over the windows it had reported (observation_coverage)
        JsonNode tally = live.get(live.size() - 1).get("coverage");
        assertThat(insideLive[0]).isEqualTo(tally.get(0).get("within").asInt());
        assertThat(insideLive[1]).isEqualTo(tally.get(4).get("within").asInt());
    }
}
