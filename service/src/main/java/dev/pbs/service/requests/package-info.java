/**
 * The REST edge's requests: the JSON bodies as records ({@code PredictionRequestBody}, {@code
 * RecommendationRequestBody}), each the
 * one definition of its body, which Jackson reads strictly ({@code RequestBodyDeserializer}: a
 * field unknown or of the wrong type is refused, naming it) and the OpenAPI document describes; and
 * the translators of those records and of query parameters into the neutral questions of {@code
 * dev.pbs.questions}, which check every value. Nothing here knows HTTP statuses (the exception
 * mappers in {@code errors} do).
 */
package dev.pbs.service.requests;
