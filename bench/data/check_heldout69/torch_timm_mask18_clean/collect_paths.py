import os

def start(root):
    """list every picture below the per-person folders

    Args:
        root ([str]): folder holding one sub-folder per person

    Returns:
        [list]: relative picture paths
    """
    found = []
    for person in os.listdir(root):
        if not person.startswith('.'): # hidden entries are skipped
            for pic in os.listdir(root + '/' + person):
                if not pic.startswith('.'): # hidden entries are skipped
                    found.append(person + '/' + pic)

    return found
