"""Both engines' jobs answer what the engine-neutral steps ask (oomdoctor.estimator.job.Job), and the batch
curve and the fixes' order read nothing else."""
import dataclasses

import pytest


def _asked() -> set[str]:
    from oomdoctor.estimator.job import Job

    return {name for name in vars(Job) if not name.startswith("_")} | set(Job.__annotations__)


@pytest.mark.parametrize("engine", ["keras", "pytorch"])
def test_each_engines_job_has_every_member_of_the_protocol(engine):
    if engine == "keras":
        from oomdoctor.keras.job import Job as job_class
    else:
        from oomdoctor.pytorch.job import TorchJob as job_class
    members = set(dir(job_class)) | {f.name for f in dataclasses.fields(job_class)}
    assert _asked() <= members, _asked() - members


def test_the_protocol_is_what_the_batch_curve_uses():
    import ast
    import inspect

    from oomdoctor.estimator import batch_curve

    used = {node.attr for node in ast.walk(ast.parse(inspect.getsource(batch_curve)))
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "job"}
    assert used and used <= _asked(), used - _asked()


def test_both_engines_rank_fixes_the_same_way():
    from oomdoctor.estimator.fixes import Fix, rank

    fits = Fix("a", "a", 10, 5, True, 8, True)
    helps = Fix("b", "b", 10, 50, False, 4, True)
    barely = Fix("c", "c", 10, 1, False, 4, False)
    assert rank([barely, helps, fits]) == [fits, helps, barely]
