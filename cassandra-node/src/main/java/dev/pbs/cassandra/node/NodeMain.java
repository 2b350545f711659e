package dev.pbs.cassandra.node;

import java.nio.file.Path;
import org.apache.cassandra.net.MessagingService;
import org.apache.cassandra.service.CassandraDaemon;

/**
 * Starts one Apache Cassandra node in this JVM, then, only if asked, installs delay injection.
 *
 * <p>System property {@code pbs.inject.file}: absent or empty means no injection (the default,
 * and what every ordinary cluster runs with). Otherwise it names a file holding a comma-separated
 * list of {@code VERB=exponential:MEAN_MS}, e.g. {@code MUTATION_REQ=exponential:10,READ_REQ=exponential:5},
 * and of inter-datacenter delays {@code INTER_DC=exponential:MEAN_MS} or
 * {@code INTER_DC:FROM>TO=exponential:MEAN_MS} (see {@link InjectionSpecification}), followed while the node runs (see {@link InboundDelays#follow}). {@code pbs.inject.seed} seeds the
 * delays (default: the node's time).
 *
 * <p>In foreground mode {@link CassandraDaemon#main} returns once the node is up; the messaging
 * service exists only from then on, so the hook is added after it.
 */
public final class NodeMain {

    private NodeMain() {}

    public static void main(String[] args) {
        CassandraDaemon.main(args);
        String file = System.getProperty("pbs.inject.file", "").trim();
        if (file.isEmpty()) {
            return;
        }
        InboundDelays delays = new InboundDelays(Long.getLong("pbs.inject.seed", System.nanoTime()));
        delays.follow(Path.of(file));
        MessagingService.instance().inboundSink.add(delays);
    }
}
