/** Opponents: fictional universities with nicknames, cities and whether they are in our conference. */
export const OPPONENTS = [
  ['Northern Prairie', 'Bison', 'Fargo', 'N.D.', true],
  ['Lakeside State', 'Lakers', 'Duluth', 'Minn.', true],
  ['Granite Peak', 'Mountaineers', 'Rapid City', 'S.D.', true],
  ['Riverbend', 'Otters', 'La Crosse', 'Wis.', true],
  ['Missouri Valley', 'Stallions', 'Marshall', 'Mo.', true],
  ['Iron Range', 'Miners', 'Hibbing', 'Minn.', true],
  ['Des Plaines', 'Herons', 'Des Plaines', 'Ill.', true],
  ['Sauk Trail', 'Foxes', 'Sauk City', 'Wis.', true],
  ['Big Timber', 'Lumberjacks', 'Eau Claire', 'Wis.', true],
  ['Platte River', 'Pioneers', 'Kearney', 'Neb.', true],
  ['Ozark Tech', 'Ridgebacks', 'Springfield', 'Mo.', false],
  ['Gulf Coast State', 'Pelicans', 'Mobile', 'Ala.', false],
  ['Cascade', 'Orcas', 'Tacoma', 'Wash.', false],
  ['Red Mesa', 'Roadrunners', 'Las Cruces', 'N.M.', false],
  ['Bluegrass', 'Colonels', 'Lexington', 'Ky.', false],
  ['Atlantic Shore', 'Mariners', 'Wilmington', 'N.C.', false],
  ['Great Lakes Tech', 'Huskies', 'Houghton', 'Mich.', false],
  ['Sunbelt Christian', 'Crusaders', 'Tulsa', 'Okla.', false],
  ['Hudson Valley', 'Hawks', 'Poughkeepsie', 'N.Y.', false],
  ['Pacific Crest', 'Condors', 'Fresno', 'Calif.', false],
  ['Prairie View A&M', 'Panthers', 'Prairie View', 'Texas', false],
  ['Keystone', 'Ironmen', 'Altoona', 'Pa.', false],
  ['Sandhills', 'Cranes', 'North Platte', 'Neb.', false],
  ['Magnolia State', 'Gators', 'Hattiesburg', 'Miss.', false],
] as const;

export const TOURNAMENTS = [
  'Hawkeye Classic',
  'Thanksgiving Shootout',
  'Conference Tournament',
  'River City Invitational',
  'Prairie Challenge',
  'Heartland Invitational',
] as const;

export const BROADCASTERS = {
  tv: ['ESPN+', 'Big Prairie Network', 'KCVU-TV 7', 'CBS Sports Network'],
  radio: ['Hawks Radio Network', '1040 AM The Fan', 'KCRG 600 AM'],
  stream: ['HawksLive', 'ESPN+', 'Prairie Digital Network'],
} as const;

export const SPONSORS = [
  'Cedar Valley Credit Union',
  'Prairie Health',
  'River City Ford',
  'Hy-Vale Grocery',
  'Midwest Energy Co.',
  'Hawkeye Insurance',
  'Three Rivers Brewing',
  'Northstar Bank',
  'Valley Orthopedics',
  'Corn Belt Coffee',
] as const;

export const DEPARTMENTS = [
  [
    'Administration',
    [
      'Director of Athletics',
      'Deputy Athletics Director',
      'Senior Associate AD / SWA',
      'Executive Assistant to the AD',
    ],
  ],
  [
    'Athletic Communications',
    [
      'Director of Athletic Communications',
      'Assistant Director of Communications',
      'Digital Media Coordinator',
      'Video Producer',
    ],
  ],
  ['Business Office', ['Chief Financial Officer', 'Business Manager', 'Accounts Payable Specialist']],
  ['Compliance', ['Associate AD for Compliance', 'Compliance Coordinator', 'Financial Aid Liaison']],
  ['Development', ['Executive Director of the Hawks Club', 'Major Gifts Officer', 'Annual Fund Coordinator']],
  ['Facilities & Operations', ['Director of Facilities', 'Event Operations Manager', 'Grounds Supervisor']],
  [
    'Marketing & Ticketing',
    ['Director of Marketing', 'Ticket Office Manager', 'Fan Experience Coordinator', 'Ticket Sales Representative'],
  ],
  ['Sports Medicine', ['Head Athletic Trainer', 'Associate Athletic Trainer', 'Team Physician', 'Sports Dietitian']],
  ['Strength & Conditioning', ['Director of Strength & Conditioning', 'Assistant Strength Coach']],
  [
    'Student-Athlete Development',
    ['Director of Student-Athlete Development', 'Academic Advisor', 'Life Skills Coordinator'],
  ],
] as const;
