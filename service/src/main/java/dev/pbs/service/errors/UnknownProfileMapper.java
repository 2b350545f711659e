package dev.pbs.service.errors;

import dev.pbs.service.core.UnknownProfileException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;

/** A request named a profile that is not stored: 404. */
public final class UnknownProfileMapper implements ExceptionMapper<UnknownProfileException> {

    @Override
    public Response toResponse(UnknownProfileException unknown) {
        return ApiProblem.response(404, unknown.getMessage()).build();
    }
}
