"""Try every combination of the settings."""
import logging
from network import Candidate
from tqdm import tqdm

# Log to a file.
logging.basicConfig(
    format='%(asctime)s - %(levelname)s - %(message)s',
    datefmt='%m/%d/%Y %I:%M:%S %p',
    level=logging.DEBUG,
    filename='brute-log.txt'
)

def train_all(cands, which):
    """Train every candidate.

    Args:
        cands (list): all candidates
        which (str): data set name
    """
    bar = tqdm(total=len(cands))
    for cand in cands:
        cand.train(which)
        cand.report()
        bar.update(1)
    bar.close()

    # Best first.
    cands = sorted(cands, key=lambda c: c.accuracy, reverse=True)

    # Log the best five.
    report_all(cands[:5])

def report_all(cands):
    """Log a list of candidates.

    Args:
        cands (list): candidates to log

    """
    logging.info('='*80)
    for cand in cands:
        cand.report()

def every_combination(choices):
    """Build one candidate per combination.

    Args:
        choices (dict): the allowed values

    Returns:
        cands (list): the candidates

    """
    cands = []

    # Nested loops over every setting.
    for w in choices['nb_neurons']:
        for d in choices['nb_layers']:
            for act in choices['activation']:
                for opt in choices['optimizer']:

                    # This combination.
                    spec = {
                        'nb_neurons': w,
                        'nb_layers': d,
                        'activation': act,
                        'optimizer': opt,
                    }

                    # Wrap it in a candidate.
                    cand = Candidate()
                    cand.assign(spec)

                    cands.append(cand)

    return cands

def run():
    """Exhaustive search."""
    which = 'cifar10'

    choices = {
        'nb_neurons': [64, 128, 256, 512, 768, 1024],
        'nb_layers': [1, 2, 3, 4],
        'activation': ['relu', 'elu', 'tanh', 'sigmoid'],
        'optimizer': ['rmsprop', 'adam', 'sgd', 'adagrad',
                      'adadelta', 'adamax', 'nadam'],
    }

    logging.info("***Exhaustive search***")

    cands = every_combination(choices)

    train_all(cands, which)

if __name__ == '__main__':
    run()
