package dev.pbs.montecarlo;

import dev.pbs.model.quorum.QuorumConfiguration;
import dev.pbs.model.quorum.VersionStaleness;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The session guarantees of every configuration of a {@link SimulationSpec}, from a session
 * simulation ({@link SessionSpec}).
 */
public final class SessionResult {

    /**
     * One configuration's session guarantees.
     *
     * @param monotonicReadsViolation P(the client's second read returns an older write than its
     *     first), with its 95% interval
     * @param monotonicReadsBound the paper's closed-form bound for non-expanding quorums, {@code
     *     p_s^(1 + g * writes per ms)}, for comparison
     * @param readYourWrites per time of the spec's grid, P(a read that many ms after the client's
     *     own write was acknowledged returns it or a newer write)
     */
    public record Configuration(
            QuorumConfiguration configuration,
            ProportionEstimate monotonicReadsViolation,
            double monotonicReadsBound,
            List<VisibilityPoint> readYourWrites) {

        public Configuration {
            readYourWrites = List.copyOf(readYourWrites);
        }
    }

    private final SimulationSpec spec;
    private final SessionSpec session;
    private final List<Configuration> configurations;

    private SessionResult(SimulationSpec spec, SessionSpec session, List<Configuration> configurations) {
        this.spec = spec;
        this.session = session;
        this.configurations = List.copyOf(configurations);
    }

    static SessionResult from(SimulationSpec spec, SessionSpec session, SessionSimulator total) {
        List<Configuration> results = new ArrayList<>();
        double[] grid = spec.visibilityGridMillis();
        double writesPerInterval = session.writesPerMillisecond() * session.readIntervalMillis();
        for (int c = 0; c < spec.configurations().size(); c++) {
            QuorumConfiguration configuration = spec.configurations().get(c);
            long[] readOwn = total.readOwnCounts(c);
            List<VisibilityPoint> points = new ArrayList<>();
            for (int g = 0; g < grid.length; g++) {
                points.add(new VisibilityPoint(grid[g], ProportionEstimate.of(readOwn[g], total.trials)));
            }
            results.add(new Configuration(
                    configuration,
                    ProportionEstimate.of(total.violations[configuration.r() - 1], total.trials),
                    VersionStaleness.monotonicReadsViolationBound(configuration, writesPerInterval, 1.0),
                    points));
        }
        return new SessionResult(spec, session, results);
    }

    public SimulationSpec spec() {
        return spec;
    }

    public SessionSpec session() {
        return session;
    }

    public List<Configuration> configurations() {
        return configurations;
    }

    public Optional<Configuration> configuration(int r, int w) {
        return configurations.stream()
                .filter(result -> result.configuration().r() == r
                        && result.configuration().w() == w)
                .findFirst();
    }
}
