# helper functions
import zipfile
import numpy as np

def unzip_to(archive, target):
    """unpacks every member of a zip archive into the target folder"""

    with zipfile.ZipFile(archive, 'r') as zf:
        zf.extractall(target)


def normalize_pair(section, impedance, n_wells):
    """z-scores the section with its own statistics and the impedance with
    the statistics of the training wells

    Parameters
    ----------
    section : array_like, shape(num_traces, depth samples)
        2-D seismic section

    impedance : array_like, shape(num_wells, depth samples)
        2-D impedance section

    n_wells : int,
        number of training wells.
    """


    section_z = (section - section.mean())/ section.std()
    well_idx = (np.linspace(0, len(impedance)-1, n_wells, dtype=np.int))
    impedance_z = (impedance - impedance[well_idx].mean()) / impedance[well_idx].std()

    return section_z, impedance_z
