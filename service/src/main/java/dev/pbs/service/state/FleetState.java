package dev.pbs.service.state;

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

    private FleetState(StateSession session, StateConfiguration configuration, StateMetrics metrics, String instance) {
        this.session = session;
        this.configuration = configuration;
        this.metrics = metrics;
        this.instance = instance;
        String keyspace = configuration.getKeyspace();
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
            migrate(session, configuration);
            return new FleetState(session, configuration, metrics, instance);
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
     * Creates or migrates the keyspace's tables, again after a second when Cassandra refused a step
     * (another instance's change of the same keyspace not yet seen by every node): each step is
     * idempotent, so trying again is safe.
     */
    static void migrate(StateSession session, StateConfiguration configuration) {
        for (int attempt = 1; ; attempt++) {
            try {
                StateSchema.migrate(session, configuration);
                return;
            } catch (IllegalStateException | StateStoreUnavailableException refused) {
                if (attempt >= SCHEMA_ATTEMPTS) {
                    throw refused;
                }
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
                new FleetTables(session, configuration.getKeyspace()),
                CassandraHistory.Statements.prepare(session, configuration.getKeyspace()),
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
