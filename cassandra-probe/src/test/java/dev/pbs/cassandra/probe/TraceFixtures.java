package dev.pbs.cassandra.probe;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** Reads recorded traces: blocks of "## OPERATION COORDINATOR" then "source TAB elapsed TAB activity" lines. */
final class TraceFixtures {

    record RecordedTrace(Operation operation, String coordinator, List<TraceEvent> events) {}

    private TraceFixtures() {}

    static List<RecordedTrace> load(String resource) {
        List<RecordedTrace> traces = new ArrayList<>();
        try (InputStream stream = TraceFixtures.class.getResourceAsStream(resource)) {
            if (stream == null) {
                throw new IllegalStateException("missing fixture " + resource);
            }
            Operation operation = null;
            String coordinator = null;
            List<TraceEvent> events = null;
            for (String line : new String(stream.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (line.startsWith("# ") || line.isBlank()) {
                    continue;
                }
                if (line.startsWith("## ")) {
                    if (events != null) {
                        traces.add(new RecordedTrace(operation, coordinator, events));
                    }
                    String[] header = line.substring(3).trim().split("\\s+");
                    operation = Operation.valueOf(header[0]);
                    coordinator = header[1];
                    events = new ArrayList<>();
                    continue;
                }
                String[] fields = line.split("\t", 3);
                events.add(new TraceEvent(fields[0], Long.parseLong(fields[1]), fields[2]));
            }
            if (events != null) {
                traces.add(new RecordedTrace(operation, coordinator, events));
            }
        } catch (IOException unreadable) {
            throw new UncheckedIOException(unreadable);
        }
        return traces;
    }
}
