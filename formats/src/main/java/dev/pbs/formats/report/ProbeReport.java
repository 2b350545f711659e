package dev.pbs.formats.report;

import dev.pbs.cassandra.probe.NodeHealth;
import dev.pbs.cassandra.probe.ProbeCounters;
import dev.pbs.cassandra.probe.ProbeSnapshot;
import dev.pbs.cassandra.probe.UntracedKind;
import dev.pbs.model.profile.WarsMessage;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/** What {@code pbs probe} prints: the workload's counters, each replica's delays, each node's state. */
public final class ProbeReport {

    /** The client table's rows of untraced operations, in order: through a replica, then through another node. */
    private static final List<UntracedKind> UNTRACED_ROWS = List.of(
            UntracedKind.WRITE_AT_ONE_THROUGH_REPLICA,
            UntracedKind.WRITE_AT_TWO_THROUGH_REPLICA,
            UntracedKind.WRITE_AT_ALL_THROUGH_REPLICA,
            UntracedKind.READ_AT_ONE_THROUGH_REPLICA,
            UntracedKind.READ_AT_TWO_THROUGH_REPLICA,
            UntracedKind.READ_AT_ALL_THROUGH_REPLICA,
            UntracedKind.WRITE_AT_ONE_THROUGH_OTHER,
            UntracedKind.READ_AT_ONE_THROUGH_OTHER);

    private ProbeReport() {}

    public static String text(ProbeSnapshot snapshot) {
        StringBuilder text = new StringBuilder();
        ProbeCounters operations = snapshot.operations();
        text.append(String.format(
                Locale.ROOT,
                "cluster %s, Cassandra %s, %s, replication factor %d%n",
                snapshot.clusterName(),
                snapshot.cassandraVersion(),
                snapshot.datacenters()
                        .map(measured -> "datacenters " + measured.replication())
                        .orElse("datacenter " + snapshot.datacenter()),
                snapshot.replicationFactor()));
        text.append(String.format(
                Locale.ROOT,
                "operations: %d issued, %d succeeded, %d failed, %d skipped; %d traced, "
                        + "%d traces read, %d replica samples discarded%n%n",
                operations.issued(),
                operations.succeeded(),
                operations.failed(),
                operations.skipped(),
                operations.traced(),
                operations.tracesRead(),
                operations.samplesDiscarded()));
        TextTable delays =
                new TextTable(List.of("replica", "delay", "samples", "p50 ms", "p90 ms", "p99 ms", "max ms"), 2);
        for (Map.Entry<String, Map<WarsMessage, Histogram>> replica :
                snapshot.delaysMicros().entrySet()) {
            for (WarsMessage type : WarsMessage.values()) {
                Histogram histogram = replica.getValue().get(type);
                if (histogram == null || histogram.getTotalCount() == 0) {
                    delays.addRow(List.of(replica.getKey(), type.letter(), "0", "-", "-", "-", "-"));
                    continue;
                }
                delays.addRow(List.of(
                        replica.getKey(),
                        type.letter(),
                        NumberText.count(histogram.getTotalCount()),
                        millis(histogram.getValueAtPercentile(50)),
                        millis(histogram.getValueAtPercentile(90)),
                        millis(histogram.getValueAtPercentile(99)),
                        millis(histogram.getMaxValue())));
            }
        }
        text.append(delays.render()).append(System.lineSeparator());
        snapshot.datacenters().ifPresent(measured -> {
            TextTable crossing =
                    new TextTable(List.of("crossing", "delay", "samples", "p50 ms", "p90 ms", "p99 ms", "max ms"), 2);
            measured.crossingMicros()
                    .forEach((pair, messages) -> messages.forEach((type, histogram) ->
                            crossing.addRow(row(pair.replace(">", " -> "), type.letter(), histogram))));
            text.append("messages between datacenters (coordinator's -> replica's; the replica's delay plus the "
                            + "inter-datacenter delay):")
                    .append(System.lineSeparator());
            text.append(crossing.render()).append(System.lineSeparator());
        });
        if (!snapshot.localDelaysMicros().isEmpty()) {
            TextTable local = new TextTable(
                    List.of("own replica", "delay", "samples", "p50 ms", "p90 ms", "p99 ms", "max ms"), 2);
            for (WarsMessage type : WarsMessage.values()) {
                Histogram histogram = snapshot.localDelaysMicros().get(type);
                if (histogram != null && histogram.getTotalCount() > 0) {
                    local.addRow(row("coordinator", type.letter(), histogram));
                }
            }
            text.append(local.render());
            text.append(String.format(
                    Locale.ROOT,
                    "reads at ONE through a replica of the key: %d served by the coordinator's own replica, %d sent to "
                            + "another%n%n",
                    snapshot.readTargets().servedLocally(),
                    snapshot.readTargets().sentAway()));
        }
        TextTable client = new TextTable(List.of("client", "", "samples", "p50 ms", "p90 ms", "p99 ms", "max ms"), 2);
        for (UntracedKind kind : UNTRACED_ROWS) {
            Histogram timed = snapshot.client().timed(kind);
            // ONE and TWO through a replica always; ALL and through a node that is not a replica only
            // where the probe timed them.
            boolean always = kind.throughReplica() && kind.awaited() != UntracedKind.Awaited.ALL;
            if (always || timed.getTotalCount() > 0) {
                client.addRow(row("untraced", kind.label(), timed));
            }
        }
        client.addRow(row("refused", "round trip", snapshot.client().roundTrips()));
        text.append(client.render()).append(System.lineSeparator());
        TextTable nodes = new TextTable(List.of("node", "state", "succeeded", "failed", "times down"), 2);
        for (NodeHealth.NodeReport node : snapshot.nodes()) {
            nodes.addRow(List.of(
                    node.address(),
                    node.up() ? "up" : "down",
                    NumberText.count(node.succeeded()),
                    NumberText.count(node.failed()),
                    Integer.toString(node.timesDown())));
        }
        text.append(nodes.render());
        return text.toString();
    }

    /**
     * The histograms as an HdrHistogram interval log (microseconds), one interval per replica and
     * message type, tagged {@code W/127.0.0.1} and so on, spanning the probe's time window.
     */
    public static String histogramLog(ProbeSnapshot snapshot) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (PrintStream stream = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
            HistogramLogWriter writer = new HistogramLogWriter(stream);
            writer.outputComment(
                    "pbs probe: W, A, R, S one-way delays in microseconds, cluster " + snapshot.clusterName());
            long startMillis = snapshot.started().toEpochMilli();
            writer.outputStartTime(startMillis);
            writer.setBaseTime(startMillis);
            writer.outputLegend();
            for (Map.Entry<String, Map<WarsMessage, Histogram>> replica :
                    snapshot.delaysMicros().entrySet()) {
                for (Map.Entry<WarsMessage, Histogram> type : replica.getValue().entrySet()) {
                    Histogram histogram = type.getValue().copy();
                    histogram.setStartTimeStamp(startMillis);
                    histogram.setEndTimeStamp(snapshot.at().toEpochMilli());
                    histogram.setTag(type.getKey().letter() + "/" + replica.getKey());
                    writer.outputIntervalHistogram(histogram);
                }
            }
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }

    private static List<String> row(String first, String second, Histogram histogram) {
        if (histogram.getTotalCount() == 0) {
            return List.of(first, second, "0", "-", "-", "-", "-");
        }
        return List.of(
                first,
                second,
                NumberText.count(histogram.getTotalCount()),
                millis(histogram.getValueAtPercentile(50)),
                millis(histogram.getValueAtPercentile(90)),
                millis(histogram.getValueAtPercentile(99)),
                millis(histogram.getMaxValue()));
    }

    private static String millis(long micros) {
        return String.format(Locale.ROOT, "%.3f", micros / 1000.0);
    }
}
