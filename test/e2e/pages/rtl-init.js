// Widget resources set as properties, the way a customer's page would.
const title = { title: 'الدعم', subTitle: 'متصل الآن' };
document.getElementById('inline').widget = title;
document.getElementById('bubble').widget = title;
