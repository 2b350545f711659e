package dev.pbs.service.errors;

import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;

/**
 * The model, the engine and the profile reader reject bad input with IllegalArgumentException
 * (ProfileFormatException is one) whose message names the problem: a 400.
 */
public final class IllegalArgumentMapper implements ExceptionMapper<IllegalArgumentException> {

    @Override
    public Response toResponse(IllegalArgumentException problem) {
        String message = problem.getMessage() == null ? "bad request" : problem.getMessage();
        return ApiProblem.response(400, message).build();
    }
}
