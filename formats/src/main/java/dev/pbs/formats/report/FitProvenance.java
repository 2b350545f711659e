package dev.pbs.formats.report;

import dev.pbs.model.fitting.CandidateFit;
import dev.pbs.model.fitting.MessageFit;
import dev.pbs.model.fitting.ProfileFit;
import java.util.Optional;

/** The provenance text of a fitted profile: from which file and profile, which forms, which NRMSE. */
public final class FitProvenance {

    private FitProvenance() {}

    /**
     * For example: {@code Fitted by pbs fit from profile file measured.json (profile 'measured') ...
     * default.w: Pareto-exponential mixture, NRMSE 0.0272% (lognormal 2.47%); ...}.
     *
     * @param source the measured profile's file, as the user named it
     */
    public static String text(ProfileFit fit, String source) {
        StringBuilder text = new StringBuilder("Fitted by pbs fit from profile file ")
                .append(source)
                .append(" (profile '")
                .append(fit.measured().name())
                .append("'): each measured delay replaced by the ")
                .append("better, by NRMSE, of the paper's Pareto-exponential mixture and a lognormal, both fitted by ")
                .append("least squares on log-quantiles. ");
        for (int i = 0; i < fit.fits().size(); i++) {
            MessageFit message = fit.fits().get(i);
            text.append(i == 0 ? "" : "; ").append(FitLabels.delay(message)).append(": ");
            Optional<CandidateFit> chosen = message.fit().chosen();
            if (chosen.isPresent()) {
                text.append(chosen.get().form().description())
                        .append(", NRMSE ")
                        .append(FitLabels.normalisedError(chosen.get()));
            } else {
                text.append("kept as measured (neither fit converged)");
            }
            text.append(" (");
            boolean first = true;
            for (CandidateFit candidate : message.fit().candidates()) {
                if (chosen.isEmpty() || candidate != chosen.get()) {
                    text.append(first ? "" : ", ")
                            .append(candidate.form().description())
                            .append(' ')
                            .append(candidate.converged() ? FitLabels.normalisedError(candidate) : "did not converge");
                    first = false;
                }
            }
            text.append(')');
        }
        text.append(". NRMSE: ")
                .append(FitLabels.NRMSE_DEFINITION)
                .append(". Other delays as measured. ")
                .append("Units: milliseconds.");
        if (!fit.measured().provenance().isBlank()) {
            text.append(" Provenance of the measured profile: ")
                    .append(fit.measured().provenance());
        }
        return text.toString();
    }
}
