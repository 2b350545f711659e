package dev.pbs.cassandra.node;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.apache.cassandra.concurrent.ExecutorLocals;
import org.apache.cassandra.net.Message;
import org.apache.cassandra.net.MessagingService;
import org.apache.cassandra.net.Verb;

/**
 * An inbound message filter that holds each message of a chosen verb for an exponentially
 * distributed time before it is processed. A test and experiment facility only.
 *
 * <p>Verbs: {@code MUTATION_REQ} (the model's W), {@code MUTATION_RSP} (A), {@code READ_REQ} (R),
 * {@code READ_RSP} (S). Nothing sleeps: the filter runs on the verb's stage thread, takes the
 * message out of the pipeline, and a timer hands it back to the same stage, with the same
 * executor locals (the request's trace session), when its delay has passed; the second time
 * through, the filter lets it pass. So delays of different messages overlap freely, as on a
 * network, instead of queueing behind each other on a stage's few threads.
 */
final class InboundDelays implements Predicate<Message<?>> {

    private volatile Map<Verb, Double> meanMillis = Map.of();
    private final SplittableRandom random;
    private final Set<Message<?>> released =
            Collections.newSetFromMap(Collections.synchronizedMap(new IdentityHashMap<>()));
    private final ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1, runnable -> {
        Thread thread = new Thread(runnable, "pbs-inbound-delays");
        thread.setDaemon(true);
        return thread;
    });

    InboundDelays(long seed) {
        this.random = new SplittableRandom(seed);
    }

    private static Map<Verb, Double> byVerb(Map<String, Double> meanMillisByVerb) {
        Map<Verb, Double> byVerb = new LinkedHashMap<>();
        meanMillisByVerb.forEach((verb, mean) -> byVerb.put(Verb.valueOf(verb), mean));
        return Collections.unmodifiableMap(byVerb);
    }

    /** Replaces the delays from now on (messages already held keep theirs). */
    void update(Map<String, Double> meanMillisByVerb) {
        this.meanMillis = byVerb(meanMillisByVerb);
    }

    /**
     * Follows a file holding the specification: read now and again whenever it changes (checked
     * every 200 ms), so an experiment can change the delays of running nodes. An empty file means
     * no delays; a malformed one is reported and ignored.
     */
    void follow(java.nio.file.Path file) {
        long[] seen = {Long.MIN_VALUE};
        Runnable reload = () -> {
            try {
                long modified = java.nio.file.Files.getLastModifiedTime(file).toMillis();
                if (modified == seen[0]) {
                    return;
                }
                seen[0] = modified;
                String specification = java.nio.file.Files.readString(file).trim();
                Map<String, Double> parsed = specification.isEmpty() ? Map.of() : parse(specification);
                update(parsed);
                System.out.println("pbs: injecting inbound delays " + parsed);
            } catch (java.io.IOException | IllegalArgumentException problem) {
                System.out.println("pbs: cannot use injection file " + file + ": " + problem.getMessage());
            }
        };
        reload.run();
        timer.scheduleWithFixedDelay(reload, 200, 200, TimeUnit.MILLISECONDS);
    }

    /** Parses {@code VERB=exponential:MEAN_MS[,...]}; throws IllegalArgumentException naming the bad part. */
    static Map<String, Double> parse(String specification) {
        Map<String, Double> result = new LinkedHashMap<>();
        for (String part : specification.split(",")) {
            String[] verbAndDistribution = part.trim().split("=", 2);
            if (verbAndDistribution.length != 2 || !verbAndDistribution[1].startsWith("exponential:")) {
                throw new IllegalArgumentException(
                        "injection file: expected VERB=exponential:MEAN_MS, was '" + part + "'");
            }
            String verb = verbAndDistribution[0].trim();
            try {
                Verb.valueOf(verb);
            } catch (IllegalArgumentException unknown) {
                throw new IllegalArgumentException("injection file: unknown verb '" + verb + "'");
            }
            double mean = Double.parseDouble(verbAndDistribution[1].substring("exponential:".length()));
            if (!(mean > 0) || Double.isInfinite(mean)) {
                throw new IllegalArgumentException("injection file: mean must be > 0 ms, was " + mean);
            }
            result.put(verb, mean);
        }
        return result;
    }

    @Override
    public boolean test(Message<?> message) {
        Double mean = meanMillis.get(message.verb());
        if (mean == null || released.remove(message)) {
            return true;
        }
        double millis;
        synchronized (random) {
            millis = -mean * Math.log(1 - random.nextDouble());
        }
        ExecutorLocals locals = ExecutorLocals.current();
        timer.schedule(
                () -> {
                    released.add(message);
                    message.verb()
                            .stage
                            .execute(
                                    locals,
                                    () -> MessagingService.instance()
                                            .inboundSink
                                            .accept(message));
                },
                (long) (millis * 1e6),
                TimeUnit.NANOSECONDS);
        return false;
    }
}
