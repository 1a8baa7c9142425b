from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from people.roles import person_groups
from staff.selectors import waiting_for


def home(request: HttpRequest) -> HttpResponse:
    """What waits for the signed-in person, per queue their roles open."""
    return render(request, "home.html", {"waiting": waiting_for(person_groups(request.user))})
