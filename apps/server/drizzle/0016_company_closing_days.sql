-- Company closing days (issue 19 part 1, docs/dashboard.md "Business days"): the days a company
-- does not work on top of the national holidays of @brazilian-utils/brazilian-utils (which already
-- closes Carnaval Tuesday and Corpus Christi but works on Carnaval Monday). periodo INTEGRAL closes
-- the whole day; MANHA closes the morning only, so the day counts as half a business day.
-- Every company (existing, and new ones through the trigger) starts with Carnaval Monday (closed)
-- and Ash Wednesday (closed in the morning) of 2024-2030, computed from Easter (Meeus/Jones/Butcher:
-- Monday = Easter - 48 days, Wednesday = Easter - 46 days; a unit test checks these literals).
CREATE TABLE "empresa_dia_fechamento" (
	"id" serial PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL REFERENCES "empresa"("id") ON DELETE CASCADE,
	"data" date NOT NULL,
	"descricao" varchar(100) NOT NULL,
	"periodo" varchar(10) DEFAULT 'INTEGRAL' NOT NULL,
	CONSTRAINT "empresa_dia_fechamento_periodo_ck" CHECK ("periodo" IN ('INTEGRAL', 'MANHA'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "empresa_dia_fechamento_empresa_data_uk" ON "empresa_dia_fechamento" ("empresa_id", "data");
--> statement-breakpoint
CREATE FUNCTION acervo_dias_fechamento_padrao(empresa integer) RETURNS void LANGUAGE sql AS $$
	INSERT INTO empresa_dia_fechamento (empresa_id, data, descricao, periodo)
	SELECT empresa, d.data::date, d.descricao, d.periodo FROM (VALUES
		('2024-02-12', 'Carnaval (segunda-feira)', 'INTEGRAL'),
		('2024-02-14', 'Quarta-feira de Cinzas (manhã)', 'MANHA'),
		('2025-03-03', 'Carnaval (segunda-feira)', 'INTEGRAL'),
		('2025-03-05', 'Quarta-feira de Cinzas (manhã)', 'MANHA'),
		('2026-02-16', 'Carnaval (segunda-feira)', 'INTEGRAL'),
		('2026-02-18', 'Quarta-feira de Cinzas (manhã)', 'MANHA'),
		('2027-02-08', 'Carnaval (segunda-feira)', 'INTEGRAL'),
		('2027-02-10', 'Quarta-feira de Cinzas (manhã)', 'MANHA'),
		('2028-02-28', 'Carnaval (segunda-feira)', 'INTEGRAL'),
		('2028-03-01', 'Quarta-feira de Cinzas (manhã)', 'MANHA'),
		('2029-02-12', 'Carnaval (segunda-feira)', 'INTEGRAL'),
		('2029-02-14', 'Quarta-feira de Cinzas (manhã)', 'MANHA'),
		('2030-03-04', 'Carnaval (segunda-feira)', 'INTEGRAL'),
		('2030-03-06', 'Quarta-feira de Cinzas (manhã)', 'MANHA')
	) AS d(data, descricao, periodo)
	ON CONFLICT (empresa_id, data) DO NOTHING
$$;
--> statement-breakpoint
CREATE FUNCTION acervo_empresa_dias_fechamento() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM acervo_dias_fechamento_padrao(NEW.id);
	RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER empresa_dias_fechamento_padrao AFTER INSERT ON empresa FOR EACH ROW EXECUTE FUNCTION acervo_empresa_dias_fechamento();
--> statement-breakpoint
SELECT acervo_dias_fechamento_padrao(id) FROM empresa;
