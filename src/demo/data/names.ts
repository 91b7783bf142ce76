// Name pools for the fictional Cedar Valley University department. Plain lists; nothing here is a real person.
export const MALE_FIRST = [
  'Aiden', 'Andre', 'Ben', 'Brady', 'Caleb', 'Cameron', 'Carter', 'Chase', 'Cole', 'Connor', 'Dante', 'Darius',
  'Declan', 'Derek', 'Dominic', 'Dylan', 'Eli', 'Elijah', 'Emmett', 'Ethan', 'Evan', 'Gavin', 'Grant', 'Griffin',
  'Hayden', 'Hunter', 'Isaiah', 'Jace', 'Jackson', 'Jalen', 'Jamal', 'Jaxon', 'Jordan', 'Josiah', 'Julian', 'Kai',
  'Keegan', 'Landon', 'Liam', 'Logan', 'Lucas', 'Malik', 'Marcus', 'Mason', 'Mateo', 'Miles', 'Nate', 'Nico',
  'Noah', 'Owen', 'Parker', 'Quinn', 'Reid', 'Ryan', 'Santiago', 'Sawyer', 'Tanner', 'Terrence', 'Trey', 'Tyler',
  'Wesley', 'Xavier', 'Zach', 'Zion',
] as const;

export const FEMALE_FIRST = [
  'Abby', 'Addison', 'Aaliyah', 'Alexis', 'Amara', 'Ava', 'Bailey', 'Brooke', 'Brynn', 'Camila', 'Claire', 'Dani',
  'Delaney', 'Elena', 'Ella', 'Emerson', 'Emma', 'Gabriella', 'Grace', 'Hailey', 'Harper', 'Imani', 'Isabel',
  'Jada', 'Jasmine', 'Jenna', 'Kaitlyn', 'Kara', 'Kendall', 'Kiara', 'Layla', 'Lena', 'Lila', 'Lucy', 'Mackenzie',
  'Madison', 'Maya', 'Mia', 'Morgan', 'Nadia', 'Natalie', 'Nia', 'Olivia', 'Paige', 'Peyton', 'Quinn', 'Reagan',
  'Riley', 'Sadie', 'Sage', 'Samantha', 'Sienna', 'Sofia', 'Sydney', 'Taylor', 'Tessa', 'Victoria', 'Zoe',
] as const;

export const LAST = [
  'Adams', 'Alvarez', 'Anderson', 'Bailey', 'Baker', 'Barnes', 'Bell', 'Bennett', 'Brooks', 'Bryant', 'Butler',
  'Campbell', 'Carter', 'Castillo', 'Chen', 'Clark', 'Coleman', 'Collins', 'Cook', 'Cooper', 'Cruz', 'Davis',
  'Diaz', 'Dixon', 'Edwards', 'Ellis', 'Evans', 'Fisher', 'Flores', 'Ford', 'Foster', 'Garcia', 'Gibson', 'Gomez',
  'Gonzalez', 'Graham', 'Grant', 'Gray', 'Green', 'Griffin', 'Hall', 'Hamilton', 'Harris', 'Hayes', 'Henderson',
  'Hernandez', 'Hill', 'Holmes', 'Howard', 'Hughes', 'Jackson', 'James', 'Jenkins', 'Johnson', 'Jordan', 'Kelly',
  'Kennedy', 'Kim', 'King', 'Lee', 'Lewis', 'Long', 'Lopez', 'Marshall', 'Martin', 'Martinez', 'Mason', 'McCarthy',
  'Meyer', 'Miller', 'Mitchell', 'Moore', 'Morales', 'Morgan', 'Murphy', 'Murray', 'Myers', 'Nelson', 'Nguyen',
  'Okafor', 'Olson', 'Ortiz', 'Owens', 'Parker', 'Patel', 'Patterson', 'Perez', 'Perry', 'Peterson', 'Phillips',
  'Powell', 'Price', 'Ramirez', 'Reed', 'Reyes', 'Richardson', 'Rivera', 'Roberts', 'Robinson', 'Rodriguez',
  'Rogers', 'Ross', 'Russell', 'Sanchez', 'Sanders', 'Schmidt', 'Scott', 'Shaw', 'Simmons', 'Smith', 'Stewart',
  'Sullivan', 'Taylor', 'Thomas', 'Thompson', 'Torres', 'Tucker', 'Turner', 'Walker', 'Wallace', 'Ward', 'Washington',
  'Watson', 'White', 'Williams', 'Wilson', 'Wood', 'Wright', 'Young',
] as const;

export const HOMETOWNS = [
  ['Cedar Rapids', 'Iowa'], ['Des Moines', 'Iowa'], ['Davenport', 'Iowa'], ['Ames', 'Iowa'], ['Dubuque', 'Iowa'],
  ['Madison', 'Wis.'], ['Milwaukee', 'Wis.'], ['Green Bay', 'Wis.'], ['Naperville', 'Ill.'], ['Peoria', 'Ill.'],
  ['Chicago', 'Ill.'], ['Rockford', 'Ill.'], ['Minneapolis', 'Minn.'], ['Rochester', 'Minn.'], ['Duluth', 'Minn.'],
  ['Omaha', 'Neb.'], ['Lincoln', 'Neb.'], ['Kansas City', 'Mo.'], ['St. Louis', 'Mo.'], ['Springfield', 'Mo.'],
  ['Indianapolis', 'Ind.'], ['Fort Wayne', 'Ind.'], ['Columbus', 'Ohio'], ['Dayton', 'Ohio'], ['Toledo', 'Ohio'],
  ['Grand Rapids', 'Mich.'], ['Ann Arbor', 'Mich.'], ['Sioux Falls', 'S.D.'], ['Fargo', 'N.D.'], ['Denver', 'Colo.'],
  ['Dallas', 'Texas'], ['Austin', 'Texas'], ['Houston', 'Texas'], ['Atlanta', 'Ga.'], ['Nashville', 'Tenn.'],
  ['Louisville', 'Ky.'], ['Phoenix', 'Ariz.'], ['San Diego', 'Calif.'], ['Sacramento', 'Calif.'], ['Portland', 'Ore.'],
  ['Seattle', 'Wash.'], ['Boise', 'Idaho'], ['Salt Lake City', 'Utah'], ['Tulsa', 'Okla.'], ['Wichita', 'Kan.'],
  ['Toronto', 'Ontario'], ['Melbourne', 'Australia'], ['Lyon', 'France'], ['Stockholm', 'Sweden'], ['Auckland', 'New Zealand'],
] as const;

export const HIGH_SCHOOL_SUFFIXES = ['High School', 'Central', 'North', 'South', 'East', 'West', 'Senior High', 'Catholic', 'Academy', 'Prep'] as const;

export const PREVIOUS_SCHOOLS = [
  'Kirkwood CC', 'Iowa Western CC', 'Hawkeye CC', 'Northern Prairie University', 'Riverbend College',
  'Lakeside State', 'Granite Peak University', 'Des Plaines College', 'Missouri Valley College', 'Prairie Tech',
] as const;

export const MAJORS = [
  'Business Administration', 'Kinesiology', 'Nursing', 'Communication Studies', 'Biology', 'Psychology', 'Finance',
  'Mechanical Engineering', 'Computer Science', 'Elementary Education', 'Marketing', 'Exercise Science',
  'Political Science', 'Journalism', 'Sport Management', 'Accounting', 'Chemistry', 'History',
] as const;
