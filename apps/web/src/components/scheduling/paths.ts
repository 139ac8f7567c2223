/** The 'editing not possible' page (spec §2, route /Appointment/Index/*), where a refused change or cancel leads. */
export const NOT_POSSIBLE_PATH = '/Appointment/Index/not-possible';
