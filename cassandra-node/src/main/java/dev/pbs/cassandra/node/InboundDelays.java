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
import org.apache.cassandra.config.DatabaseDescriptor;
import org.apache.cassandra.net.Message;
import org.apache.cassandra.net.MessagingService;
import org.apache.cassandra.net.Verb;
import org.apache.cassandra.utils.FBUtilities;

/**
 * An inbound message filter that holds each message of a chosen verb for an exponentially
 * distributed time before it is processed. A test and experiment facility only.
 *
 * <p>Verbs: {@code MUTATION_REQ} (the model's W), {@code MUTATION_RSP} (A), {@code READ_REQ} (R),
 * {@code READ_RSP} (S); a message of those verbs from a node of another datacenter is also held for
 * an inter-datacenter delay, drawn independently, and a request to a slow replica or its answer
 * for the replica's factor times its verb's mean (see {@link InjectionSpecification}). A message
 * names the node it came from on this hop (Cassandra takes it from the connection), so a write that
 * a replica forwards within its own datacenter counts as sent from there. Nothing sleeps: the filter runs on the verb's stage thread, takes the
 * message out of the pipeline, and a timer hands it back to the same stage, with the same
 * executor locals (the request's trace session), when its delay has passed; the second time
 * through, the filter lets it pass. So delays of different messages overlap freely, as on a
 * network, instead of queueing behind each other on a stage's few threads.
 */
final class InboundDelays implements Predicate<Message<?>> {

    private volatile Map<Verb, Double> meanMillis = Map.of();
    private volatile InjectionSpecification specification = InjectionSpecification.NONE;
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
    void update(InjectionSpecification replacement) {
        this.meanMillis = byVerb(replacement.verbMeans());
        this.specification = replacement;
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
                InjectionSpecification parsed = parse(specification);
                update(parsed);
                System.out.println("pbs: injecting inbound delays " + parsed);
            } catch (java.io.IOException | IllegalArgumentException problem) {
                System.out.println("pbs: cannot use injection file " + file + ": " + problem.getMessage());
            }
        };
        reload.run();
        timer.scheduleWithFixedDelay(reload, 200, 200, TimeUnit.MILLISECONDS);
    }

    /** Parses the file's text; throws IllegalArgumentException naming the bad part. */
    static InjectionSpecification parse(String specification) {
        return InjectionSpecification.parse(specification, InboundDelays::isVerb);
    }

    private static boolean isVerb(String name) {
        try {
            Verb.valueOf(name);
            return true;
        } catch (IllegalArgumentException unknown) {
            return false;
        }
    }

    /** The exponential draws of this message's delay in ms: its verb's, plus its datacenter pair's. */
    private double delayMillis(Message<?> message, Double verbMean) {
        InjectionSpecification current = specification;
        double factor = verbMean == null
                ? 1
                : current.slowFactor(
                        message.verb().name(),
                        message.from().getAddress().getHostAddress(),
                        FBUtilities.getBroadcastAddressAndPort().getAddress().getHostAddress());
        double millis = verbMean == null ? 0 : exponential(verbMean * factor);
        if (current.injectsBetweenDatacenters()) {
            String from = DatabaseDescriptor.getEndpointSnitch().getDatacenter(message.from());
            java.util.Optional<Double> pairMean =
                    current.interDatacenterMean(message.verb().name(), from, DatabaseDescriptor.getLocalDataCenter());
            if (pairMean.isPresent()) {
                millis += exponential(pairMean.get());
            }
        }
        return millis;
    }

    private double exponential(double mean) {
        synchronized (random) {
            return -mean * Math.log(1 - random.nextDouble());
        }
    }

    @Override
    public boolean test(Message<?> message) {
        if (released.remove(message)) {
            return true;
        }
        double millis = delayMillis(message, meanMillis.get(message.verb()));
        if (millis <= 0) {
            return true;
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
