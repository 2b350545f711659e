package dev.pbs.cassandra.node;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Predicate;
import org.apache.cassandra.net.Message;
import org.apache.cassandra.net.Verb;

/**
 * An inbound message filter that sleeps for an exponentially distributed time before a message of
 * a chosen verb is processed, then lets it through. A test and experiment facility only.
 *
 * <p>Verbs: {@code MUTATION_REQ} (the model's W), {@code MUTATION_RSP} (A), {@code READ_REQ} (R),
 * {@code READ_RSP} (S). The sleep runs on the thread that processes the message (the verb's stage),
 * so it delays that message's handling without stalling the node's network threads.
 */
final class InboundDelays implements Predicate<Message<?>> {

    private final Map<Verb, Double> meanMillis;
    private final SplittableRandom random;

    InboundDelays(Map<String, Double> meanMillisByVerb, long seed) {
        Map<Verb, Double> byVerb = new LinkedHashMap<>();
        meanMillisByVerb.forEach((verb, mean) -> byVerb.put(Verb.valueOf(verb), mean));
        this.meanMillis = Collections.unmodifiableMap(byVerb);
        this.random = new SplittableRandom(seed);
    }

    /** Parses {@code VERB=exponential:MEAN_MS[,...]}; throws IllegalArgumentException naming the bad part. */
    static Map<String, Double> parse(String specification) {
        Map<String, Double> result = new LinkedHashMap<>();
        for (String part : specification.split(",")) {
            String[] verbAndDistribution = part.trim().split("=", 2);
            if (verbAndDistribution.length != 2 || !verbAndDistribution[1].startsWith("exponential:")) {
                throw new IllegalArgumentException("pbs.inject.delays: expected VERB=exponential:MEAN_MS, was '" + part + "'");
            }
            String verb = verbAndDistribution[0].trim();
            try {
                Verb.valueOf(verb);
            } catch (IllegalArgumentException unknown) {
                throw new IllegalArgumentException("pbs.inject.delays: unknown verb '" + verb + "'");
            }
            double mean = Double.parseDouble(verbAndDistribution[1].substring("exponential:".length()));
            if (!(mean > 0) || Double.isInfinite(mean)) {
                throw new IllegalArgumentException("pbs.inject.delays: mean must be > 0 ms, was " + mean);
            }
            result.put(verb, mean);
        }
        return result;
    }

    @Override
    public boolean test(Message<?> message) {
        Double mean = meanMillis.get(message.verb());
        if (mean != null) {
            double millis;
            synchronized (random) {
                millis = -mean * Math.log(1 - random.nextDouble());
            }
            long nanos = (long) (millis * 1e6);
            try {
                Thread.sleep(nanos / 1_000_000, (int) (nanos % 1_000_000));
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
            }
        }
        return true;
    }
}
