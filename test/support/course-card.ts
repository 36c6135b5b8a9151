/** A picture the test pages can load (the demo's cat). */
export const PICTURE = '/demo-assets/cat.svg';

/** A course as a `cards` input lists it: a picture, a title, a description and two paths. */
export const courseCard = (id: string) => ({
  id,
  imageUrl: PICTURE,
  title: `Course ${id}`,
  description: 'Four weeks, no experience needed, a small project each week.',
  paths: [
    { id: `${id}-a`, text: 'Enrol' },
    { id: `${id}-b`, text: 'More about it' },
  ],
});
