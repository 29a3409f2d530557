from model.common import resolve
from model.common import resolve_single
from model.common import evaluate
