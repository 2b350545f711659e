package dev.pbs.service.state;

import com.datastax.oss.driver.api.core.AllNodesFailedException;
import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.CqlSessionBuilder;
import com.datastax.oss.driver.api.core.DriverException;
import com.datastax.oss.driver.api.core.auth.AuthenticationException;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.Statement;
import com.datastax.oss.driver.api.core.servererrors.QueryValidationException;
import dev.pbs.service.core.StateStoreUnavailableException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The connection to the fleet's state keyspace: every statement runs at {@code LOCAL_QUORUM}
 * (lightweight transactions at {@code LOCAL_SERIAL}), so that what one instance wrote and was told
 * is stored, every other instance reads. Each call is timed and counted ({@link StateMetrics}); a
 * call that fails because Cassandra cannot answer becomes a {@link StateStoreUnavailableException}.
 */
public final class StateSession implements AutoCloseable {

    private final CqlSession session;
    private final StateMetrics metrics;
    private final String where;

    private StateSession(CqlSession session, StateMetrics metrics, String where) {
        this.session = session;
        this.metrics = metrics;
        this.where = where;
    }

    /**
     * Connects to the contact points.
     *
     * @throws IllegalArgumentException in one line when no contact point accepts the connection
     */
    public static StateSession open(StateConfiguration configuration, StateMetrics metrics) {
        List<InetSocketAddress> resolved = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (InetSocketAddress point : configuration.contactPointAddresses()) {
            InetSocketAddress address = new InetSocketAddress(point.getHostString(), point.getPort());
            if (address.isUnresolved()) {
                throw new IllegalArgumentException(
                        "state.contactPoints: cannot resolve host '" + point.getHostString() + "'");
            }
            resolved.add(address);
            names.add(point.getHostString() + ":" + point.getPort());
        }
        String where = "Cassandra at " + String.join(", ", names);
        var options = DriverConfigLoader.programmaticBuilder()
                .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, Duration.ofSeconds(5))
                .withDuration(DefaultDriverOption.CONNECTION_CONNECT_TIMEOUT, Duration.ofSeconds(5))
                .withDuration(DefaultDriverOption.CONNECTION_INIT_QUERY_TIMEOUT, Duration.ofSeconds(5))
                .withDuration(DefaultDriverOption.RECONNECTION_BASE_DELAY, Duration.ofMillis(500))
                .withDuration(DefaultDriverOption.RECONNECTION_MAX_DELAY, Duration.ofSeconds(5))
                .withDuration(DefaultDriverOption.CONTROL_CONNECTION_AGREEMENT_TIMEOUT, Duration.ofSeconds(30))
                .withString(DefaultDriverOption.REQUEST_CONSISTENCY, ConsistencyLevel.LOCAL_QUORUM.name())
                .withString(DefaultDriverOption.REQUEST_SERIAL_CONSISTENCY, ConsistencyLevel.LOCAL_SERIAL.name())
                .withString(DefaultDriverOption.SESSION_NAME, "pbs-state");
        if (configuration.getLocalDatacenter() == null) {
            options = options.withString(
                    DefaultDriverOption.LOAD_BALANCING_POLICY_CLASS, "DcInferringLoadBalancingPolicy");
        }
        CqlSessionBuilder builder =
                CqlSession.builder().withConfigLoader(options.build()).addContactPoints(resolved);
        if (configuration.getLocalDatacenter() != null) {
            builder.withLocalDatacenter(configuration.getLocalDatacenter());
        }
        if (configuration.username().isPresent()) {
            builder.withAuthCredentials(
                    configuration.username().get(), configuration.password().orElseThrow());
        }
        try {
            return new StateSession(builder.build(), metrics, where);
        } catch (AllNodesFailedException failed) {
            throw new IllegalArgumentException(
                    "the state store (" + where + ") cannot be reached: " + reason(failed), failed);
        } catch (AuthenticationException denied) {
            throw new IllegalArgumentException(
                    "the state store (" + where + ") refused the credentials of " + StateConfiguration.USERNAME_VARIABLE
                            + " and " + StateConfiguration.PASSWORD_VARIABLE,
                    denied);
        } catch (DriverException | IllegalStateException failed) {
            throw new IllegalArgumentException(
                    "the state store (" + where + ") cannot be used: " + failed.getMessage(), failed);
        }
    }

    /** Prepares a statement (at start-up, while the keyspace is reachable). */
    PreparedStatement prepare(String cql) {
        return session.prepare(cql);
    }

    /**
     * Runs one statement, timed under its operation's name.
     *
     * @throws StateStoreUnavailableException when Cassandra cannot answer it
     * @throws IllegalStateException when Cassandra refuses it as invalid (a bug, or a keyspace changed by hand)
     */
    ResultSet execute(String operation, Statement<?> statement) {
        long start = System.nanoTime();
        try {
            return session.execute(statement);
        } catch (QueryValidationException refused) {
            metrics.failed(operation);
            throw new IllegalStateException(
                    "the state store (" + where + ") refused " + operation + ": " + refused.getMessage(), refused);
        } catch (DriverException failed) {
            metrics.failed(operation);
            throw new StateStoreUnavailableException(
                    "the state store (" + where + ") cannot be reached now (" + operation + ": "
                            + failed.getClass().getSimpleName() + "); try again shortly",
                    failed);
        } finally {
            metrics.observe(operation, (System.nanoTime() - start) / 1e9);
        }
    }

    /** Runs a schema change (CQL text), waiting for the cluster to agree on it. */
    void executeSchema(String cql) {
        execute(
                "schema",
                com.datastax.oss.driver.api.core.cql.SimpleStatement.newInstance(cql)
                        .setTimeout(Duration.ofSeconds(30)));
    }

    CqlSession driver() {
        return session;
    }

    @Override
    public void close() {
        session.close();
    }

    private static String reason(AllNodesFailedException failed) {
        for (Throwable cause :
                failed.getAllErrors().values().stream().flatMap(List::stream).toList()) {
            for (Throwable inner = cause; inner != null; inner = inner.getCause()) {
                if (inner instanceof java.net.ConnectException) {
                    return "connection refused (is Cassandra running there, with its CQL port?)";
                }
                if (inner instanceof AuthenticationException) {
                    return "authentication failed (" + StateConfiguration.USERNAME_VARIABLE + ", "
                            + StateConfiguration.PASSWORD_VARIABLE + ")";
                }
            }
        }
        return "no node answered";
    }
}
