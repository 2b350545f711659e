package dev.pbs.service.state;

import com.datastax.oss.driver.api.core.servererrors.QueryValidationException;
import dev.pbs.questions.QuestionLimits;
import dev.pbs.service.core.ProfileStore;
import dev.pbs.service.core.StateStoreUnavailableException;
import dev.pbs.service.probes.ProbeConfiguration;
import io.dropwizard.lifecycle.Managed;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Fleet mode's state, opened at start-up: the connection to the state keyspace (created or migrated
 * here, {@link StateSchema}), the profile store over its tables, and the probes shared by lease
 * ({@link FleetProbes}). Closes the connection when the service stops.
 */
public final class FleetState implements Managed {

    private static final Logger LOG = LoggerFactory.getLogger(FleetState.class);

    private final StateSession session;
    private final StateConfiguration configuration;
    private final StateMetrics metrics;
    private final String instance;
    private final ProfileStore profiles;
    private final FleetTables tables;
    private final CassandraHistory.Statements historyStatements;

    private FleetState(StateSession session, StateConfiguration configuration, StateMetrics metrics, String instance) {
        this.session = session;
        this.configuration = configuration;
        this.metrics = metrics;
        this.instance = instance;
        String keyspace = configuration.getKeyspace();
        this.tables = new FleetTables(session, keyspace);
        this.historyStatements = CassandraHistory.Statements.prepare(session, keyspace);
        this.profiles = new ProfileStore(
                new CassandraUploadedProfiles(session, keyspace),
                new CassandraLiveProfiles(session, keyspace, instance));
    }

    /**
     * Connects, creates or migrates the keyspace and prepares every statement.
     *
     * @param instance this instance's name in the fleet
     * @throws IllegalArgumentException in one line when Cassandra cannot be reached or used
     */
    public static FleetState open(StateConfiguration configuration, StateMetrics metrics, String instance) {
        StateSession session = StateSession.open(configuration, metrics);
        try {
            return prepared(session, configuration, metrics, instance);
        } catch (RuntimeException failed) {
            session.close();
            if (failed instanceof IllegalArgumentException) {
                throw failed;
            }
            throw new IllegalArgumentException(
                    "the state keyspace " + configuration.getKeyspace() + " cannot be prepared: " + failed.getMessage(),
                    failed);
        }
    }

    /** Attempts at the schema before giving up: instances starting together may meet each other's changes half-seen. */
    static final int SCHEMA_ATTEMPTS = 5;

    /**
     * Migrates the keyspace and prepares every statement, again after a second (up to
     * {@link #SCHEMA_ATTEMPTS} times) when Cassandra refuses a step: instances starting together on a
     * new keyspace may each see the other's tables late, and every step is idempotent.
     */
    private static FleetState prepared(
            StateSession session, StateConfiguration configuration, StateMetrics metrics, String instance) {
        return tryAgain(configuration, () -> {
            StateSchema.migrate(session, configuration);
            return new FleetState(session, configuration, metrics, instance);
        });
    }

    /** Creates or migrates the keyspace's tables, trying a refused step again as {@link #open} does. */
    static int migrate(StateSession session, StateConfiguration configuration) {
        return tryAgain(configuration, () -> StateSchema.migrate(session, configuration));
    }

    private static <T> T tryAgain(StateConfiguration configuration, java.util.function.Supplier<T> step) {
        for (int attempt = 1; ; attempt++) {
            try {
                return step.get();
            } catch (IllegalStateException | StateStoreUnavailableException | QueryValidationException refused) {
                if (attempt >= SCHEMA_ATTEMPTS) {
                    throw refused;
                }
                pause(configuration, refused, attempt);
            }
        }
    }

    private static void pause(StateConfiguration configuration, RuntimeException refused, int attempt) {
        LOG.warn(
                "the state keyspace {}: {}; trying again ({} of {})",
                configuration.getKeyspace(),
                refused.getMessage(),
                attempt + 1,
                SCHEMA_ATTEMPTS);
        try {
            Thread.sleep(1000L * attempt);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw refused;
        }
    }

    /** Uploaded profiles in the keyspace, live profiles in the keyspace, built-in ones as always. */
    public ProfileStore profiles() {
        return profiles;
    }

    /**
     * The fleet's probes, with this instance's YAML probes written into the keyspace when they start.
     *
     * @throws IllegalArgumentException naming the setting at fault in a YAML probe
     */
    public FleetProbes probes(List<ProbeConfiguration> configured, QuestionLimits limits) {
        return new FleetProbes(
                tables,
                historyStatements,
                session,
                profiles,
                limits,
                configured,
                instance,
                configuration.getLeaseSeconds(),
                metrics);
    }

    @Override
    public void start() {}

    @Override
    public void stop() {
        session.close();
    }
}
