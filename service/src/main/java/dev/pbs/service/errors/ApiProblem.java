package dev.pbs.service.errors;

import dev.pbs.formats.wire.ErrorBody;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/** An HTTP error with the JSON body {@code {"code": ..., "message": "..."}} naming the problem. */
public final class ApiProblem extends WebApplicationException {

    private static final long serialVersionUID = 1L;

    private ApiProblem(Response response) {
        super(response);
    }

    public static ApiProblem of(int status, String message) {
        return new ApiProblem(response(status, message).build());
    }

    public static ApiProblem badRequest(String message) {
        return of(400, message);
    }

    /** The response builder, for adding headers such as {@code Retry-After}. */
    public static Response.ResponseBuilder response(int status, String message) {
        return Response.status(status).type(MediaType.APPLICATION_JSON_TYPE).entity(new ErrorBody(status, message));
    }

    public static ApiProblem withResponse(Response response) {
        return new ApiProblem(response);
    }
}
