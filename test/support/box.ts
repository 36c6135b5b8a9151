/** Where a thing is drawn, in CSS pixels of the viewport: a `DOMRect`'s sides and size, as plain data. */
export interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
  width: number;
  height: number;
}
