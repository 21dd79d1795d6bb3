CREATE TABLE "article_ratings" (
	"article_id" integer NOT NULL,
	"email_hash" text NOT NULL,
	"rating" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "article_ratings_article_id_email_hash_pk" PRIMARY KEY("article_id","email_hash"),
	CONSTRAINT "article_ratings_rating" CHECK ("article_ratings"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "comments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "comments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"article_id" integer NOT NULL,
	"name" text NOT NULL,
	"comment" text NOT NULL,
	"email" text,
	"language" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comments_status" CHECK ("comments"."status" in ('published', 'held', 'hidden')),
	CONSTRAINT "comments_language" CHECK ("comments"."language" in ('en', 'bg'))
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"client_key" text NOT NULL,
	"action" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL,
	CONSTRAINT "rate_limits_client_key_action_window_start_pk" PRIMARY KEY("client_key","action","window_start")
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscribers" (
	"email" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tip_ratings" (
	"tip_id" text NOT NULL,
	"language" text NOT NULL,
	"session_id" text NOT NULL,
	"rating" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tip_ratings_tip_id_language_session_id_pk" PRIMARY KEY("tip_id","language","session_id"),
	CONSTRAINT "tip_ratings_rating" CHECK ("tip_ratings"."rating" in (0, 1)),
	CONSTRAINT "tip_ratings_language" CHECK ("tip_ratings"."language" in ('en', 'bg'))
);
--> statement-breakpoint
CREATE INDEX "comments_thread" ON "comments" USING btree ("article_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "comments_email" ON "comments" USING btree ("email");