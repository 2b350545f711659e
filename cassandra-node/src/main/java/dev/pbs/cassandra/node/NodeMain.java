package dev.pbs.cassandra.node;

import java.util.Map;
import org.apache.cassandra.net.MessagingService;
import org.apache.cassandra.service.CassandraDaemon;

/**
 * Starts one Apache Cassandra node in this JVM, then, only if asked, installs delay injection.
 *
 * <p>System property {@code pbs.inject.delays}: absent or empty means no injection (the default,
 * and what every ordinary cluster runs with). Otherwise a comma-separated list of
 * {@code VERB=exponential:MEAN_MS}, e.g. {@code MUTATION_REQ=exponential:10,READ_REQ=exponential:5};
 * see {@link InboundDelays}. {@code pbs.inject.seed} seeds the delays (default: the node's time).
 * {@code pbs.inject.file} instead names a file holding that list, followed while the node runs (see
 * {@link InboundDelays#follow}).
 *
 * <p>In foreground mode {@link CassandraDaemon#main} returns once the node is up; the messaging
 * service exists only from then on, so the hook is added after it.
 */
public final class NodeMain {

    private NodeMain() {
    }

    public static void main(String[] args) {
        CassandraDaemon.main(args);
        String file = System.getProperty("pbs.inject.file", "").trim();
        if (!file.isEmpty()) {
            InboundDelays delays = new InboundDelays(Map.of(), Long.getLong("pbs.inject.seed", System.nanoTime()));
            delays.follow(java.nio.file.Path.of(file));
            MessagingService.instance().inboundSink.add(delays);
            return;
        }
        String specification = System.getProperty("pbs.inject.delays", "").trim();
        if (specification.isEmpty()) {
            return;
        }
        Map<String, Double> meanMillisByVerb = InboundDelays.parse(specification);
        long seed = Long.getLong("pbs.inject.seed", System.nanoTime());
        MessagingService.instance().inboundSink.add(new InboundDelays(meanMillisByVerb, seed));
        System.out.println("pbs: injecting inbound delays " + meanMillisByVerb);
    }
}
