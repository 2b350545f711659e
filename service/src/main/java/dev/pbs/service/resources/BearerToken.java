package dev.pbs.service.resources;

import dev.pbs.service.errors.ApiProblem;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;

/**
 * The check on mutating calls: {@code Authorization: Bearer <token>} must carry the configured
 * token. No header: 401; a wrong token, or none configured: 403.
 */
public final class BearerToken {

    private static final String PREFIX = "Bearer ";
    private final byte[] expected;

    public BearerToken(String configuredToken) {
        this.expected = configuredToken == null || configuredToken.isBlank()
                ? null
                : configuredToken.trim().getBytes(StandardCharsets.UTF_8);
    }

    /** @param authorization the request's Authorization header, possibly null */
    public void require(String authorization) {
        if (authorization == null || authorization.isBlank()) {
            throw ApiProblem.withResponse(ApiProblem.response(401, "this call needs 'Authorization: Bearer <token>'")
                    .header("WWW-Authenticate", "Bearer")
                    .build());
        }
        if (expected == null) {
            throw ApiProblem.of(403, "changes are disabled: the service was started without PBS_API_TOKEN");
        }
        if (!authorization.regionMatches(true, 0, PREFIX, 0, PREFIX.length())) {
            throw ApiProblem.withResponse(ApiProblem.response(401, "the Authorization header must be 'Bearer <token>'")
                    .header("WWW-Authenticate", "Bearer")
                    .build());
        }
        byte[] given = authorization.substring(PREFIX.length()).trim().getBytes(StandardCharsets.UTF_8);
        if (!MessageDigest.isEqual(expected, given)) {
            throw ApiProblem.of(403, "wrong token");
        }
    }
}
