package dev.pbs.cassandra.probe;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns the trace of one operation into one {@link ReplicaDelays} per replica that answered it.
 *
 * <p>Every delay counts from one origin, the start of the coordinator's trace session (the
 * moment the coordinator starts executing the request), so that a replica's W + A is the time at
 * which its acknowledgement counts on the coordinator, and the model's commit time and read
 * latency are the coordinator's own. For a remote replica i, with every time in microseconds:
 * <ul>
 *   <li>on the coordinator: {@code sent} = elapsed at "Sending REQ message to /i" (logged by the
 *       messaging thread as the message goes out; the time before it is the coordinator's own
 *       work and queueing, which the message waits for), {@code arrived} = elapsed at "RSP message
 *       received from /i" (the messaging thread, as the answer comes in) and {@code counted} =
 *       elapsed at "Processing response from /i" (the answer counts towards the consistency level
 *       from then on);</li>
 *   <li>on replica i (its own stopwatch, started as the request arrived): {@code served} = elapsed
 *       at the activity that applies or reads the value, and {@code replied} = elapsed at
 *       "Sending RSP message to ...";</li>
 *   <li>the time on the wire both ways is {@code wire = (arrived - sent) - replied}, of which a
 *       share f goes to the message ({@link WireSplit#MEASURED}: 0 within a datacenter, one half
 *       between datacenters): {@code outbound = sent + f wire + served},
 *       {@code return = (1 - f) wire + (replied - served) + (counted - arrived)}, so that
 *       {@code outbound + return = counted}.</li>
 * </ul>
 * Only differences of one node's own stopwatch are used, so clock skew between hosts never enters;
 * the price is the share, which no trace shows.
 *
 * <p>The coordinator's own replica, when the coordinator is one, is reached without messages:
 * its outbound delay is the coordinator's elapsed time at the activity that applies or reads the
 * value; its return delay is, for a read, the time from there to "Read N live rows ..." (the
 * local result is ready), and for a write 0 (no event marks the local acknowledgement; the
 * mutation is complete once it is in the memtable). {@link Result#local()} holds it, and
 * {@link Result#servedLocally()} says whether the coordinator served the operation itself, which
 * tells, for a read at ONE, whether the coordinator preferred its own replica.
 *
 * <p>A replica whose events are incomplete (traces are written asynchronously) or inconsistent
 * (negative wire time) gives no sample; {@link Result#discarded()} counts them.
 */
public final class TraceParser {

    private static final Pattern SENT = Pattern.compile("^Sending (\\w+) message to /?([^:\\s]+)(?::\\d+)?\\b.*");
    private static final Pattern RECEIVED =
            Pattern.compile("^(\\w+) message received from /?([^:\\s]+)(?::\\d+)?\\b.*");
    private static final Pattern PROCESSED = Pattern.compile("^Processing response from /?([^:\\s]+)(?::\\d+)?\\b.*");
    private static final Pattern LOCAL_RESULT = Pattern.compile("^Read \\d+ live rows and \\d+ tombstone cells.*");

    private TraceParser() {}

    /**
     * @param samples one per remote replica with complete, consistent events
     * @param discarded remote replicas seen in the trace that gave no sample
     * @param local the coordinator's own replica, when it served the operation (null otherwise)
     * @param requestsSent how many replicas the coordinator sent the request to
     * @param answered how many replicas' answers the coordinator's events show (a response
     *     received or processed, the forwarded writes' included), plus its own when it served the
     *     operation: fewer than the level waits for while the trace is still being written
     */
    public record Result(
            List<ReplicaDelays> samples, int discarded, ReplicaDelays local, int requestsSent, int answered) {

        /** Whether the coordinator applied or read the value itself. */
        public boolean servedLocally() {
            return local != null;
        }

        /** Whether nothing usable came out of the trace (perhaps not all written yet). */
        public boolean isEmpty() {
            return samples.isEmpty() && local == null;
        }
    }

    /**
     * @param coordinator the coordinator's address (host, no port)
     * @param table the probe's table name, as it appears in the activities
     */
    public static Result parse(Operation operation, String coordinator, String table, List<TraceEvent> events) {
        return parse(operation, coordinator, table, events, WireSplit.MEASURED, Map.of());
    }

    /**
     * {@link #parse(Operation, String, String, List)}, the wire time shared as {@code split} says.
     *
     * @param datacenterOf each node's datacenter by address (empty: one datacenter)
     */
    public static Result parse(
            Operation operation,
            String coordinator,
            String table,
            List<TraceEvent> events,
            WireSplit split,
            Map<String, String> datacenterOf) {
        Map<String, Long> sent = new LinkedHashMap<>();
        Map<String, Long> received = new LinkedHashMap<>();
        Map<String, Long> processed = new LinkedHashMap<>();
        Map<String, Long> served = new LinkedHashMap<>();
        Map<String, Long> replied = new LinkedHashMap<>();
        String servedActivity = operation.servedActivity(table);
        Long servedHere = null;
        Long resultHere = null;
        for (TraceEvent event : events) {
            String activity = event.activity();
            if (event.source().equals(coordinator)) {
                if (activity.equals(servedActivity)) {
                    servedHere =
                            servedHere == null ? event.elapsedMicros() : Math.min(servedHere, event.elapsedMicros());
                    continue;
                }
                if (LOCAL_RESULT.matcher(activity).matches()) {
                    resultHere =
                            resultHere == null ? event.elapsedMicros() : Math.min(resultHere, event.elapsedMicros());
                    continue;
                }
                Matcher sending = SENT.matcher(activity);
                if (sending.matches() && sending.group(1).equals(operation.requestVerb())) {
                    sent.putIfAbsent(sending.group(2), event.elapsedMicros());
                    continue;
                }
                Matcher receiving = RECEIVED.matcher(activity);
                if (receiving.matches() && receiving.group(1).equals(operation.responseVerb())) {
                    received.putIfAbsent(receiving.group(2), event.elapsedMicros());
                    continue;
                }
                Matcher processing = PROCESSED.matcher(activity);
                if (processing.matches()) {
                    processed.putIfAbsent(processing.group(1), event.elapsedMicros());
                }
            } else {
                if (activity.equals(servedActivity)) {
                    served.putIfAbsent(event.source(), event.elapsedMicros());
                    continue;
                }
                Matcher sending = SENT.matcher(activity);
                if (sending.matches() && sending.group(1).equals(operation.responseVerb())) {
                    replied.putIfAbsent(event.source(), event.elapsedMicros());
                }
            }
        }
        List<ReplicaDelays> samples = new ArrayList<>();
        int discarded = 0;
        for (Map.Entry<String, Long> request : sent.entrySet()) {
            String replica = request.getKey();
            Long arrived = received.containsKey(replica) ? received.get(replica) : processed.get(replica);
            Long counted = processed.containsKey(replica) ? processed.get(replica) : arrived;
            Long serve = served.get(replica);
            Long reply = replied.get(replica);
            if (arrived == null || serve == null || reply == null || serve > reply || counted < arrived) {
                discarded++;
                continue;
            }
            long wire = (arrived - request.getValue()) - reply;
            if (wire < 0) {
                discarded++;
                continue;
            }
            long outboundWire = split.outbound(wire, coordinator, replica, datacenterOf);
            long outbound = request.getValue() + outboundWire + serve;
            long inbound = wire - outboundWire + (reply - serve) + (counted - arrived);
            samples.add(new ReplicaDelays(replica, operation, outbound, inbound));
        }
        ReplicaDelays local = null;
        if (servedHere != null) {
            if (operation == Operation.WRITE) {
                local = new ReplicaDelays(coordinator, operation, servedHere, 0);
            } else if (resultHere != null && resultHere >= servedHere) {
                local = new ReplicaDelays(coordinator, operation, servedHere, resultHere - servedHere);
            }
        }
        Set<String> answers = new HashSet<>(received.keySet());
        answers.addAll(processed.keySet());
        answers.remove(coordinator);
        return new Result(samples, discarded, local, sent.size(), answers.size() + (local != null ? 1 : 0));
    }
}
