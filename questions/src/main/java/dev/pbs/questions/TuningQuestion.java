package dev.pbs.questions;

import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.montecarlo.SimulationSpec;
import dev.pbs.montecarlo.tuning.Objective;
import dev.pbs.montecarlo.tuning.Requirement;
import dev.pbs.montecarlo.tuning.RequirementParser;
import dev.pbs.montecarlo.tuning.TuningSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A validated tuning question ({@code ./pbs tune}, {@code POST /api/v1/recommendations}): which
 * (N, R, W) meet every requirement, ranked by an objective.
 *
 * @param tuning the tuner's input
 * @param seeded whether the seed was given (the answer is then a pure function of the question)
 */
public record TuningQuestion(TuningSpec tuning, boolean seeded) {

    public TuningQuestion {
        Objects.requireNonNull(tuning, "tuning");
    }

    public static Builder builder(LatencyProfile profile, QuestionLimits limits, Vocabulary vocabulary) {
        return new Builder(profile, limits, vocabulary);
    }

    /** Collects a question's values as given (null: not given) and checks them all in {@link #build()}. */
    public static final class Builder {

        private final LatencyProfile profile;
        private final QuestionLimits limits;
        private final Rules rules;
        private String replicaText;
        private Long replicaNumber;
        private List<String> requirements = List.of();
        private String objective;
        private Levels levels = Levels.NUMERIC;
        private Long trials;
        private Long seed;
        private int threads = 1;

        private Builder(LatencyProfile profile, QuestionLimits limits, Vocabulary vocabulary) {
            this.profile = Objects.requireNonNull(profile, "profile");
            this.limits = Objects.requireNonNull(limits, "limits");
            this.rules = new Rules(vocabulary);
        }

        /** N as text: {@code 3} or a range {@code 3..5}. */
        public Builder replicas(String text) {
            this.replicaText = text;
            this.replicaNumber = null;
            return this;
        }

        /** N as a number. */
        public Builder replicas(Long n) {
            this.replicaNumber = n;
            this.replicaText = null;
            return this;
        }

        /** Requirement strings such as {@code window@0.999<=50ms}; all must hold. */
        public Builder requirements(List<String> requirements) {
            this.requirements = requirements == null ? List.of() : List.copyOf(requirements);
            return this;
        }

        /** {@code read}, {@code write}, {@code sum} (the default) or {@code mix:A}. */
        public Builder objective(String objective) {
            this.objective = objective;
            return this;
        }

        public Builder levels(Levels levels) {
            this.levels = levels == null ? Levels.NUMERIC : levels;
            return this;
        }

        public Builder trials(Long trials) {
            this.trials = trials;
            return this;
        }

        public Builder seed(Long seed) {
            this.seed = seed;
            return this;
        }

        public Builder threads(int threads) {
            this.threads = threads;
            return this;
        }

        /** @throws InvalidQuestionException naming the first problem found */
        public TuningQuestion build() {
            ReplicaRange range = replicaRange();
            List<Requirement> parsed = new ArrayList<>();
            for (String requirement : requirements) {
                parsed.add(RequirementParser.parse(requirement));
            }
            Objective ranking = objective == null ? Objective.SUM : Objective.parse(objective);
            long trialCount = trials == null
                    ? limits.defaultTrials()
                    : rules.wholeNumber(Field.TRIALS, trials, 1, limits.maxTrials());
            rules.wholeNumber(Field.THREADS, threads, 1, SimulationSpec.MAX_THREADS);
            TuningSpec tuning = new TuningSpec(
                    profile,
                    range.smallest(),
                    range.largest(),
                    parsed,
                    ranking,
                    levels == Levels.CASSANDRA,
                    trialCount,
                    seed == null ? PredictionQuestion.DEFAULT_SEED : seed,
                    threads);
            return new TuningQuestion(tuning, seed != null);
        }

        private ReplicaRange replicaRange() {
            int largestN = Math.min(limits.maxReplicas(), TuningSpec.MAX_N);
            ReplicaRange range;
            if (replicaText != null) {
                range = ReplicaRange.parse(replicaText, largestN, rules);
            } else {
                long n = rules.required(Field.N, replicaNumber);
                range = ReplicaRange.of(n, n, largestN, rules);
            }
            if (range.size() > limits.maxReplicaCounts()) {
                throw rules.invalid(Field.N, "may span at most " + limits.maxReplicaCounts() + " values, was " + range);
            }
            return range;
        }
    }
}
