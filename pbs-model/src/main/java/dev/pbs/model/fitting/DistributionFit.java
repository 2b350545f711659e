package dev.pbs.model.fitting;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Both candidate families fitted to one measured distribution, and the better of them.
 *
 * @param paretoExponential the paper's mixture form
 * @param logNormal the lognormal
 */
public record DistributionFit(CandidateFit paretoExponential, CandidateFit logNormal) {

    public DistributionFit {
        Objects.requireNonNull(paretoExponential, "Pareto-exponential candidate");
        Objects.requireNonNull(logNormal, "lognormal candidate");
    }

    /** Both candidates: the Pareto-exponential mixture, then the lognormal. */
    public List<CandidateFit> candidates() {
        return List.of(paretoExponential, logNormal);
    }

    /**
     * The converged candidate with the lower NRMSE (the mixture on a tie); the lognormal alone when
     * the mixture did not converge; empty when neither did.
     */
    public Optional<CandidateFit> chosen() {
        if (paretoExponential.converged() && logNormal.converged()) {
            return Optional.of(
                    logNormal.normalisedError() < paretoExponential.normalisedError() ? logNormal : paretoExponential);
        }
        if (paretoExponential.converged()) {
            return Optional.of(paretoExponential);
        }
        return logNormal.converged() ? Optional.of(logNormal) : Optional.empty();
    }
}
