package dev.pbs.service.requests;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pbs.formats.profile.ProfileJson;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.questions.InvalidQuestionException;
import dev.pbs.service.core.ProfileStore;
import dev.pbs.service.core.UnknownProfileException;

/** The profile a request names ({@code profile}) or carries ({@code profile_inline}). */
final class RequestProfiles {

    private RequestProfiles() {}

    /**
     * @param name the {@code profile} field, null when absent
     * @param inline the {@code profile_inline} field, null when absent
     * @throws InvalidQuestionException unless exactly one of the two is given, or when the inline profile is invalid
     * @throws UnknownProfileException when no stored profile has the name
     */
    static LatencyProfile resolve(String name, JsonNode inline, ProfileStore profiles) {
        if ((name == null) == (inline == null)) {
            throw new InvalidQuestionException(
                    "give exactly one of 'profile' (a name) and 'profile_inline' (a profile)");
        }
        return inline != null ? inline(inline) : named(name, profiles);
    }

    private static LatencyProfile inline(JsonNode profile) {
        try {
            return ProfileJson.read(profile);
        } catch (IllegalArgumentException invalid) {
            throw new InvalidQuestionException("profile_inline: " + invalid.getMessage());
        }
    }

    /** @throws UnknownProfileException when no stored profile has the name */
    static LatencyProfile named(String name, ProfileStore profiles) {
        return profiles.find(name)
                .map(ProfileStore.StoredProfile::profile)
                .orElseThrow(() -> new UnknownProfileException(JsonFields.shorten(name)));
    }
}
