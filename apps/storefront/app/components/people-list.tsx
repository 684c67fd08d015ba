import { ResponsiveImage } from "./responsive-image";

export interface Person {
  readonly name: string;
  readonly subtitle: string;
  readonly text: string;
  readonly photo: string | null;
}

/** Team members and farmers: photo, name, what they do, a few words. */
export function PeopleList({ people }: { people: readonly Person[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {people.map((person) => (
        <li key={person.name} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-sand-200">
          <div className="flex items-center gap-3">
            {person.photo ? (
              <ResponsiveImage
                src={person.photo}
                alt=""
                width={96}
                height={96}
                className="h-16 w-16 rounded-full bg-sand-100 object-cover"
              />
            ) : null}
            <div>
              <h2 className="font-bold text-leaf-800">{person.name}</h2>
              <p className="text-sm text-sand-700">{person.subtitle}</p>
            </div>
          </div>
          {person.text ? <p className="mt-3 text-sand-900">{person.text}</p> : null}
        </li>
      ))}
    </ul>
  );
}
