import { followSchema, peopleSearchSchema, userReportSchema } from "~/schemas/social";
import { MessageBody, z, type Area } from "../registry.server";
import { anyObject, Person, PublicRun } from "../shapes.server";

const user = { id: "The rider's user id." };

/** Riders and their profiles, following, reporting a rider. */
export const social: Area = (api) => {
  api.post("/api/users/search", {
    operationId: "searchUsers",
    summary: "Find riders",
    description: "`{ query }`, `{ query, zipCode, radius }` or `{ viewAll: true }`; only riders the viewer may see.",
    access: "user",
    body: peopleSearchSchema,
    limited: true,
    responses: { 200: { description: "The riders found.", schema: anyObject("The riders found, each as the viewer may see them.") } },
  });
  api.get("/api/users/{id}", {
    operationId: "getUserProfile",
    summary: "A rider's profile, as the viewer may see it",
    description: "A SOLO rider (to others), a banned one and a missing one alike answer 404.",
    access: "user",
    params: user,
    responses: { 200: { description: "The profile.", schema: anyObject("The profile.") } },
    errors: [404],
  });
  api.get("/api/users/{id}/follow-counts", {
    operationId: "getFollowCounts",
    summary: "A rider's follower and following counts",
    access: "user",
    params: user,
    responses: { 200: { description: "The counts.", schema: z.object({ followersCount: z.number().int(), followingCount: z.number().int() }) } },
    errors: [404],
  });
  api.get("/api/users/{id}/followers", {
    operationId: "listFollowers",
    summary: "A rider's followers",
    access: "user",
    params: user,
    responses: { 200: { description: "Each person as the viewer may see them.", schema: z.array(Person) } },
    errors: [404],
  });
  api.get("/api/users/{id}/following", {
    operationId: "listFollowing",
    summary: "Whom a rider follows",
    access: "user",
    params: user,
    responses: { 200: { description: "Each person as the viewer may see them.", schema: z.array(Person) } },
    errors: [404],
  });
  api.get("/api/users/{id}/public-runs", {
    operationId: "listUserPublicRuns",
    summary: "The runs of a rider the viewer may see",
    description: "An invite-only rider's runs answer [] to someone who does not follow them.",
    access: "user",
    params: user,
    query: z.object({ sort: z.enum(["recent", "fastest"]).optional() }),
    responses: { 200: { description: "The runs.", schema: z.array(PublicRun) } },
    errors: [404],
  });
  api.get("/api/users/{id}/run-count", {
    operationId: "getUserRunCount",
    summary: "How many of a rider's runs the viewer may see",
    access: "user",
    params: user,
    responses: { 200: { description: "The count.", schema: z.object({ runCount: z.number().int() }) } },
    errors: [404],
  });
  api.post("/api/follow", {
    operationId: "followUser",
    summary: "Follow a rider",
    description: "Follows a PUBLIC rider at once; asks an INVITE_ONLY one (`requiresApproval: true`).",
    access: "user",
    body: followSchema,
    responses: { 200: { description: "Followed, or asked.", schema: z.object({ action: z.string(), requiresApproval: z.boolean() }).passthrough() } },
    errors: [404, 409],
  });
  api.delete("/api/follow/{userId}", {
    operationId: "unfollowUser",
    summary: "Stop following a rider (or withdraw the request)",
    access: "user",
    params: { userId: "The rider's user id." },
    responses: { 200: { description: "Done.", schema: anyObject("What was done.") } },
    errors: [404],
  });
  api.get("/api/following/{userId}", {
    operationId: "getFollowStatus",
    summary: "Whether the viewer follows a rider",
    access: "user",
    params: { userId: "The rider's user id." },
    responses: { 200: { description: "The relation.", schema: z.object({ isFollowing: z.boolean(), hasPendingRequest: z.boolean() }) } },
  });
  for (const [verb, what] of [
    ["approve", "Approve"],
    ["reject", "Reject"],
  ] as const) {
    api.post(`/api/follow-requests/{id}/${verb}`, {
      operationId: `${verb}FollowRequest`,
      summary: `${what} a follow request`,
      description: "Only its target, only while it is PENDING.",
      access: "user",
      params: { id: "The request's id (a number)." },
      responses: { 200: { description: "Answered.", schema: anyObject("The request as it is now.") } },
      errors: [404, 409],
    });
  }
  api.get("/api/follow-requests/{id}/status", {
    operationId: "getFollowRequestStatus",
    summary: "A follow request's status",
    description: "For its requester or its target.",
    access: "user",
    params: { id: "The request's id (a number)." },
    responses: { 200: { description: "The status.", schema: z.object({ status: z.string() }) } },
    errors: [404],
  });
  api.post("/api/reports", {
    operationId: "reportUser",
    summary: "Report a rider",
    access: "user",
    body: userReportSchema,
    responses: { 201: { description: "Reported.", schema: MessageBody.passthrough() } },
    errors: [404, 409],
  });
};
