package dev.pbs.questions;

import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.montecarlo.LevelSimulationSpec;
import dev.pbs.montecarlo.SessionSpec;
import dev.pbs.montecarlo.SimulationSpec;
import java.util.List;
import java.util.Objects;

/**
 * A validated prediction question: the simulation to run and what to report of it. The defaults
 * are the command line's, so {@code ./pbs predict} and {@code POST /api/v1/predictions} answer the
 * same question with the same numbers.
 *
 * <p>A question is about (R, W) configurations, or about Cassandra's consistency levels across
 * datacenters (model note section 7): the latter when it names levels or datacenters, or when its
 * profile names its datacenters.
 *
 * @param simulation the engine's input for (R, W), or null for levels
 * @param levelSimulation the engine's input for levels, or null for (R, W)
 * @param sessions the session guarantees to simulate besides (R, W), or null when not asked
 * @param report the windows, percentiles and k to report
 * @param seeded whether the seed was given (the answer is then a pure function of the question)
 * @param recovery the recovery after one outage to report, or null when not asked
 * @param rareEvents which figures plain trials cannot resolve go to the rare-event method
 */
public record PredictionQuestion(
        SimulationSpec simulation,
        LevelSimulationSpec levelSimulation,
        SessionSpec sessions,
        ReportOptions report,
        boolean seeded,
        RecoveryCurve recovery,
        RareEventOptions rareEvents) {

    /** Seed when a question gives none. */
    public static final long DEFAULT_SEED = 42;

    /** Times after commit, ms, when a question gives none. */
    public static final List<Double> DEFAULT_TIMES_MILLIS =
            List.of(0.0, 1.0, 2.0, 5.0, 10.0, 20.0, 50.0, 100.0, 200.0, 500.0, 1000.0);

    public PredictionQuestion {
        if ((simulation == null) == (levelSimulation == null)) {
            throw new IllegalArgumentException("a question has either an (R, W) simulation or a level simulation");
        }
        if (sessions != null && simulation == null) {
            throw new IllegalArgumentException("session guarantees are simulated for (R, W) questions only");
        }
        Objects.requireNonNull(report, "report");
        Objects.requireNonNull(rareEvents, "rare events");
    }

    /** The window levels the rare-event method may resolve: the report's windows, when the question named them. */
    public List<Double> rareEventWindows() {
        return rareEvents.windows() ? report.windows() : List.of();
    }

    /** Whether the question is about consistency levels across datacenters. */
    public boolean isLevels() {
        return levelSimulation != null;
    }

    /**
     * @param profile the latency profile, already found or read by the edge
     * @param limits the bounds to check against
     * @param vocabulary how messages name the fields
     */
    public static PredictionQuestionBuilder builder(
            LatencyProfile profile, QuestionLimits limits, Vocabulary vocabulary) {
        return new PredictionQuestionBuilder(profile, limits, vocabulary);
    }
}
