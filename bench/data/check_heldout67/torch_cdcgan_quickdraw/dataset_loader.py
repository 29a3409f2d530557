import numpy as np
from os import walk, remove
import requests
from tqdm import tqdm


def fetch_categories(categories):
    for k in tqdm(range(len(categories))):
        name = categories[k]
        quoted = name.replace(" ", "%20")
        link = "https://storage.googleapis.com/quickdraw_dataset/full/numpy_bitmap/{}.npy".format(quoted)
        resp = requests.get(link, allow_redirects=True)
        open("temp/{}.npy".format(name), 'wb').write(resp.content)


# Build one balanced array of *total* doodles across the downloaded categories
def merge_categories(total):
    folder = "temp/"
    names = []
    for (_, _, found) in walk(folder):
        names.extend(found)
        break

    allX = []
    allY = []
    k = 0
    per_class = int(total / len(names))
    for name in names:
        where = folder + name
        part = np.load(where)
        tags = [k] * len(part)
        print("{}: {}".format(k, name))

        np.random.shuffle(part)
        part = part[:per_class]
        tags = tags[:per_class]

        if k > 0:
            allX = np.concatenate((part, allX), axis=0)
            allY = np.concatenate((tags, allY), axis=0)
        else:
            allX = part
            allY = tags
        k += 1
        remove(where)
    
    np.save('data/X.npy', allX)
    np.save('data/y.npy', allY)
