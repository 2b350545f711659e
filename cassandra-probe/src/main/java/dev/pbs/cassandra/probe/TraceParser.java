package dev.pbs.cassandra.probe;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns the trace of one operation, run at a consistency level that waits for every replica, into
 * one {@link ReplicaDelays} per remote replica.
 *
 * <p>For replica i, with every time in microseconds:
 * <ul>
 *   <li>on the coordinator (one stopwatch for the whole request): {@code sent} = elapsed at
 *       "Sending REQ message to /i" (logged by the messaging thread as the message goes out),
 *       {@code arrived} = elapsed at "RSP message received from /i" (logged by the messaging thread
 *       as the answer comes in) and {@code counted} = elapsed at "Processing response from /i" (the
 *       answer counts towards the consistency level from then on; the time between the two is the
 *       coordinator's own queueing of the answer, and belongs to A or S);</li>
 *   <li>on replica i (its own stopwatch, started as the request arrived): {@code served} = elapsed
 *       at the activity that applies or reads the value, and {@code replied} = elapsed at
 *       "Sending RSP message to ...";</li>
 *   <li>the time on the wire both ways is {@code wire = (arrived - sent) - replied}, split equally:
 *       {@code outbound = wire / 2 + served},
 *       {@code return = wire / 2 + (replied - served) + (counted - arrived)}.</li>
 * </ul>
 * Only differences of one node's own stopwatch are used, so clock skew between hosts never enters;
 * the price is the assumption that the two directions of the wire take equally long. An operation
 * whose coordinator is also a replica applies or reads locally without messages: that replica gets
 * no sample from it (probing through every node in turn gives every replica samples). A replica
 * whose events are incomplete (traces are written asynchronously) or inconsistent (negative wire
 * time) gives no sample; {@link Result#discarded()} counts them.
 */
public final class TraceParser {

    private static final Pattern SENT = Pattern.compile("^Sending (\\w+) message to /?([^:\\s]+)(?::\\d+)?\\b.*");
    private static final Pattern RECEIVED =
            Pattern.compile("^(\\w+) message received from /?([^:\\s]+)(?::\\d+)?\\b.*");
    private static final Pattern PROCESSED = Pattern.compile("^Processing response from /?([^:\\s]+)(?::\\d+)?\\b.*");

    private TraceParser() {}

    /**
     * @param samples one per remote replica with complete, consistent events
     * @param discarded remote replicas seen in the trace that gave no sample
     */
    public record Result(List<ReplicaDelays> samples, int discarded) {}

    /**
     * @param coordinator the coordinator's address (host, no port)
     * @param table the probe's table name, as it appears in the activities
     */
    public static Result parse(Operation operation, String coordinator, String table, List<TraceEvent> events) {
        Map<String, Long> sent = new LinkedHashMap<>();
        Map<String, Long> received = new LinkedHashMap<>();
        Map<String, Long> processed = new LinkedHashMap<>();
        Map<String, Long> served = new LinkedHashMap<>();
        Map<String, Long> replied = new LinkedHashMap<>();
        String servedActivity = operation.servedActivity(table);
        for (TraceEvent event : events) {
            String activity = event.activity();
            if (event.source().equals(coordinator)) {
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
            long outbound = wire / 2 + serve;
            long inbound = wire - wire / 2 + (reply - serve) + (counted - arrived);
            samples.add(new ReplicaDelays(replica, operation, outbound, inbound));
        }
        return new Result(samples, discarded);
    }
}
