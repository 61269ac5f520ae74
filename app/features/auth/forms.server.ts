import { parseWithZod } from "@conform-to/zod";
import { emailOnlySchema, loginSchema, registerSchema, resetPasswordSchema } from "~/schemas/auth";

/*
 * The signed-out screens parse their forms here, not in the route module:
 * a route that merely imports zod or conform ships them to the browser (the
 * bundler keeps the chunk import even when only the action used it), and
 * these screens must stay under their JavaScript budget. The zod schemas
 * remain the authority; the browser's checks only mirror them.
 */
export const parseLogin = (form: FormData) => parseWithZod(form, { schema: loginSchema });
export const parseEmailOnly = (form: FormData) => parseWithZod(form, { schema: emailOnlySchema });
export const parseRegister = (form: FormData) => parseWithZod(form, { schema: registerSchema });
export const parseResetPassword = (form: FormData) => parseWithZod(form, { schema: resetPasswordSchema });
