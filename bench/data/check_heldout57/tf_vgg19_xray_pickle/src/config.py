from pathlib import Path

ROOT_DIR = Path(__file__).parent.parent.absolute()
MODEL_DIR = ROOT_DIR / 'models'
DATA_DIR = ROOT_DIR / 'data'
PLOT_DIR = ROOT_DIR / 'plots'
