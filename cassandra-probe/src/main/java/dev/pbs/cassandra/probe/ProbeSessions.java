package dev.pbs.cassandra.probe;

import com.datastax.oss.driver.api.core.AllNodesFailedException;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.CqlSessionBuilder;
import com.datastax.oss.driver.api.core.auth.AuthenticationException;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.metadata.NodeStateListener;
import com.datastax.oss.driver.api.core.ssl.ProgrammaticSslEngineFactory;
import dev.pbs.cassandra.tls.TlsFailures;
import dev.pbs.cassandra.tls.TlsSettings;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Opens driver sessions for the probe and turns connection failures into one clear message (an
 * {@link IllegalArgumentException}, which the command line reports as bad input): unreachable
 * contact points, wrong credentials, an unknown datacenter, TLS failures ({@link TlsFailures}). No
 * password appears in a message.
 */
public final class ProbeSessions {

    private ProbeSessions() {}

    /**
     * @param listener told when nodes go down and come back (may be null)
     * @throws IllegalArgumentException when no contact point accepts the connection
     */
    public static CqlSession open(ProbeSettings settings, NodeStateListener listener) {
        CqlSessionBuilder builder = CqlSession.builder().withConfigLoader(configuration(settings));
        List<InetSocketAddress> resolved = new ArrayList<>();
        for (InetSocketAddress point : settings.contactPoints()) {
            resolved.add(point.isUnresolved() ? new InetSocketAddress(point.getHostString(), point.getPort()) : point);
        }
        for (InetSocketAddress point : resolved) {
            if (point.isUnresolved()) {
                throw new IllegalArgumentException("cannot resolve contact point host '" + point.getHostString() + "'");
            }
        }
        builder.addContactPoints(resolved);
        settings.localDatacenter().ifPresent(builder::withLocalDatacenter);
        if (settings.tls().isPresent()) {
            TlsSettings tls = settings.tls().get();
            // The stores are read here, before any connection: a problem with them is its own message.
            builder.withSslEngineFactory(
                    new ProgrammaticSslEngineFactory(tls.sslContext(), null, tls.hostnameVerification(), false));
        }
        if (settings.username().isPresent()) {
            builder.withAuthCredentials(
                    settings.username().get(), settings.password().orElseThrow());
        }
        if (listener != null) {
            builder.withNodeStateListener(listener);
        }
        try {
            return builder.build();
        } catch (AllNodesFailedException failed) {
            throw new IllegalArgumentException(describe(failed, settings), failed);
        } catch (AuthenticationException denied) {
            throw new IllegalArgumentException(
                    "authentication failed at " + endPoint(denied.getEndPoint())
                            + (settings.username().isPresent()
                                    ? " for user '" + settings.username().get() + "'"
                                    : "")
                            + ": check the user name and the password",
                    denied);
        } catch (IllegalStateException misconfigured) {
            throw new IllegalArgumentException("cannot connect: " + misconfigured.getMessage(), misconfigured);
        }
    }

    /** How many nodes of each remote datacenter the driver keeps connections to, for a multi-datacenter probe. */
    private static final int REMOTE_NODES = 64;

    private static DriverConfigLoader configuration(ProbeSettings settings) {
        var options = DriverConfigLoader.programmaticBuilder()
                .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, Duration.ofSeconds(5))
                .withDuration(DefaultDriverOption.CONNECTION_CONNECT_TIMEOUT, Duration.ofSeconds(5))
                .withDuration(DefaultDriverOption.CONNECTION_INIT_QUERY_TIMEOUT, Duration.ofSeconds(5))
                .withDuration(DefaultDriverOption.RECONNECTION_BASE_DELAY, Duration.ofMillis(500))
                .withDuration(DefaultDriverOption.RECONNECTION_MAX_DELAY, Duration.ofSeconds(2))
                .withDuration(DefaultDriverOption.CONTROL_CONNECTION_AGREEMENT_TIMEOUT, Duration.ofSeconds(20))
                .withString(DefaultDriverOption.SESSION_NAME, "pbs-probe");
        if (settings.localDatacenter().isEmpty()) {
            // Without a named datacenter, take the one of the contact points.
            options = options.withString(
                    DefaultDriverOption.LOAD_BALANCING_POLICY_CLASS, "DcInferringLoadBalancingPolicy");
        }
        if (settings.datacenters().isPresent()) {
            // The probe coordinates through the nodes of every datacenter it measures: the driver must
            // keep connections to remote nodes too (by default it opens none), and let statements with
            // LOCAL_* levels go there when the probe sends them to a node of its choice.
            options = options.withInt(
                            DefaultDriverOption.LOAD_BALANCING_DC_FAILOVER_MAX_NODES_PER_REMOTE_DC, REMOTE_NODES)
                    .withBoolean(
                            DefaultDriverOption.LOAD_BALANCING_DC_FAILOVER_ALLOW_FOR_LOCAL_CONSISTENCY_LEVELS, true);
        }
        return options.build();
    }

    static String describe(AllNodesFailedException failed, ProbeSettings settings) {
        for (Map.Entry<Node, List<Throwable>> entry : failed.getAllErrors().entrySet()) {
            for (Throwable error : entry.getValue()) {
                if (error instanceof AuthenticationException) {
                    return "authentication failed at " + endPoint(entry.getKey())
                            + (settings.username().isPresent()
                                    ? " for user '" + settings.username().get() + "': the user name or the password "
                                            + "is wrong"
                                    : " (the cluster requires credentials: --username with --password-env or "
                                            + "--password-file)");
                }
            }
        }
        for (Map.Entry<Node, List<Throwable>> entry : failed.getAllErrors().entrySet()) {
            for (Throwable error : entry.getValue()) {
                Optional<String> tls = TlsFailures.describe(error, endPoint(entry.getKey()), settings.tls());
                if (tls.isPresent()) {
                    return tls.get();
                }
            }
        }
        List<String> points = new ArrayList<>();
        for (InetSocketAddress point : settings.contactPoints()) {
            points.add(point.getHostString() + ":" + point.getPort());
        }
        String reason = failed.getAllErrors().values().stream()
                .flatMap(List::stream)
                .findFirst()
                .map(ProbeSessions::reason)
                .orElse("no answer");
        return "cannot reach any contact point (" + String.join(", ", points) + "): " + reason;
    }

    /** {@code 127.0.0.21:9042}: the node's address as connected to, without the slash of InetSocketAddress. */
    static String endPoint(Node node) {
        return endPoint(node.getEndPoint());
    }

    private static String endPoint(com.datastax.oss.driver.api.core.metadata.EndPoint endPoint) {
        return endPoint.resolve() instanceof InetSocketAddress socket
                ? socket.getHostString() + ":" + socket.getPort()
                : endPoint.toString();
    }

    /** The root cause in words a user can act on, without the driver's internal prefixes. */
    private static String reason(Throwable error) {
        for (Throwable cause = error; cause != null; cause = cause.getCause()) {
            if (cause instanceof java.net.ConnectException) {
                return "connection refused (is Cassandra running there, with its CQL port?)";
            }
            if (cause instanceof java.net.UnknownHostException) {
                return "unknown host";
            }
            String text = cause.getClass().getSimpleName() + " " + cause.getMessage();
            if (text.contains("ClosedChannel") || text.contains("ClosedConnection")) {
                return "no CQL connection could be opened (refused or closed: is Cassandra's CQL port there?)";
            }
            if (cause instanceof com.datastax.oss.driver.api.core.DriverTimeoutException
                    || cause instanceof java.net.SocketTimeoutException) {
                return "no answer in time";
            }
        }
        String message = error.getMessage() == null ? error.getClass().getSimpleName() : error.getMessage();
        return message.replaceAll("\\[[^\\]]*\\]\\s*", "")
                .replaceAll("\\s+", " ")
                .trim();
    }

    /** The node's address as traces name it: its broadcast (listen) address, else its CQL address. */
    public static String traceAddress(Node node) {
        if (node.getBroadcastAddress().isPresent()) {
            return node.getBroadcastAddress().get().getAddress().getHostAddress();
        }
        if (node.getListenAddress().isPresent()) {
            return node.getListenAddress().get().getAddress().getHostAddress();
        }
        if (node.getBroadcastRpcAddress().isPresent()) {
            return node.getBroadcastRpcAddress().get().getAddress().getHostAddress();
        }
        return node.getEndPoint().resolve() instanceof InetSocketAddress socket
                ? socket.getAddress().getHostAddress()
                : node.getEndPoint().toString();
    }
}
